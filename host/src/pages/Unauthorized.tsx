import { Link } from 'react-router-dom';
import { brand } from '@kloof/ui';
import { usePageMeta } from '../routes/page-meta';
import { StatusPage } from './StatusPage';

const unauthorizedMeta = { title: `Access denied | ${brand.name}`, description: 'You do not have access to this page.' };

/** Where denied access goes (spec point 8). */
export function Unauthorized() {
  usePageMeta(unauthorizedMeta);
  return (
    <StatusPage code="403" title="Access denied">
      <p>Your account does not have access to this page. If you think it should, contact your administrator.</p>
      <Link to="/dashboard">Go to your dashboard</Link>
    </StatusPage>
  );
}
