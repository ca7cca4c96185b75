import { SecondFactorGate } from '../features/security/components/SecondFactorGate';
import { InboxScreen } from '../features/contact/components/InboxScreen';

/** /admin (Admin only) */
export default function AdminHome() {
  return (
    <SecondFactorGate>
      <InboxScreen />
    </SecondFactorGate>
  );
}
