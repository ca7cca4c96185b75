import { Link } from 'react-router-dom';
import { brand } from '@kloof/ui';
import { usePageMeta } from '../routes/page-meta';
import { StatusPage } from './StatusPage';

const notFoundMeta = { title: `Page not found | ${brand.name}`, description: 'This page does not exist.' };

/** Any unknown path. Lives in the host so it works when every remote is down. */
export function NotFound() {
  usePageMeta(notFoundMeta);
  return (
    <StatusPage code="404" title="Page not found">
      <p>The page you asked for does not exist or has moved.</p>
      <Link to="/">Back to the home page</Link>
    </StatusPage>
  );
}
