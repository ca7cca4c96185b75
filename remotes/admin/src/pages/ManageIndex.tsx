import { ManageIndexScreen } from '../features/overview/components/ManageIndexScreen';

/** /manage */
export default function ManageIndex() {
  return <ManageIndexScreen />;
}
