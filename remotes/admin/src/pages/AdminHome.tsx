import { InboxScreen } from '../features/contact/components/InboxScreen';

/** /admin (Admin only) */
export default function AdminHome() {
  return <InboxScreen />;
}
