import { ProfileScreen } from '../features/profile/components/ProfileScreen';

/** /user/profile */
export default function Profile() {
  return <ProfileScreen />;
}
