import { LinksScreen } from '../features/links/components/LinksScreen';

/** /links */
export default function Links() {
  return <LinksScreen />;
}
