import { SecondFactorGate } from '../features/security/components/SecondFactorGate';
import { ManageUsersScreen } from '../features/users/components/ManageUsersScreen';

/** /manage/users */
export default function ManageUsers() {
  return (
    <SecondFactorGate>
      <ManageUsersScreen />
    </SecondFactorGate>
  );
}
