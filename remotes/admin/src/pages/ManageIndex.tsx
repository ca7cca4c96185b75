import { SecondFactorGate } from '../features/security/components/SecondFactorGate';
import { ManageIndexScreen } from '../features/overview/components/ManageIndexScreen';

/** /manage */
export default function ManageIndex() {
  return (
    <SecondFactorGate>
      <ManageIndexScreen />
    </SecondFactorGate>
  );
}
