import { DashboardScreen } from '../features/dashboard/components/DashboardScreen';

/** /dashboard */
export default function Dashboard() {
  return <DashboardScreen />;
}
