import { ReleasesConsoleScreen } from '../features/releases/components/ReleasesConsoleScreen';

/** /manage/releases (Admins read; SuperAdmins and system users change). */
export default function ManageReleases() {
  return <ReleasesConsoleScreen />;
}
