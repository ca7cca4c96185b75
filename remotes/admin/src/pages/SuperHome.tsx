import { SecondFactorGate } from '../features/security/components/SecondFactorGate';
import { SuperScreen } from '../features/users/components/SuperScreen';

/** /super (SuperAdmin only) */
export default function SuperHome() {
  return (
    <SecondFactorGate>
      <SuperScreen />
    </SecondFactorGate>
  );
}
