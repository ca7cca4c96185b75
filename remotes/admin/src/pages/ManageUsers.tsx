import { ManageUsersScreen } from '../features/users/components/ManageUsersScreen';

/** /manage/users */
export default function ManageUsers() {
  return <ManageUsersScreen />;
}
