import { SystemScreen } from '../features/system/components/SystemScreen';

/** /system (system users only) */
export default function SystemHome() {
  return <SystemScreen />;
}
