import { SecondFactorGate } from '../features/security/components/SecondFactorGate';
import { ManageUserScreen } from '../features/users/components/ManageUserScreen';

/** /manage/user/:userId */
export default function ManageUser() {
  return (
    <SecondFactorGate>
      <ManageUserScreen />
    </SecondFactorGate>
  );
}
