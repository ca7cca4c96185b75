import { Spinner } from '@kloof/ui';
import { useLogout } from '../features/logout/hooks/use-logout';

/** /user/logout: signs out, then goes to /auth/login. */
export default function Logout() {
  const loading = useLogout();
  return loading ? <Spinner label="Signing you out" /> : null;
}
