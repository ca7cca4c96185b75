import { ManageUserScreen } from '../features/users/components/ManageUserScreen';

/** /manage/user/:userId */
export default function ManageUser() {
  return <ManageUserScreen />;
}
