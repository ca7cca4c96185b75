import { SuperScreen } from '../features/users/components/SuperScreen';

/** /super (SuperAdmin only) */
export default function SuperHome() {
  return <SuperScreen />;
}
