import { useNavigate } from 'react-router-dom';
import { authApi, deviceId } from '@kloof/api-client';
import { toast } from '@kloof/ui';
import { withEmail } from '../forms/prefill';
import { AuthForm } from '../forms/components/AuthForm';
import { useMailLinkForm } from '../forms/use-mail-link-form';

/** Says why a link from the mail cannot be used before any call is made. */
const NO_TOKEN = 'This link is incomplete. Open the whole link from the e-mail, or sign in again to get a new one.';
const NO_STORAGE =
  'This browser does not keep data for this site (private mode?), so it cannot be allowed to sign in. Try another browser.';

/**
 * Allows this browser to sign in with the sign-in link the API mailed while sign-in to the account
 * was held; success goes on to sign-in with the address filled in.
 */
export function SignInLinkForm() {
  const navigate = useNavigate();
  const form = useMailLinkForm(NO_TOKEN, async (token) => {
    const device = deviceId();
    if (!device) throw new Error(NO_STORAGE);
    const { message, email } = await authApi.redeemSignInLink(token, device);
    toast.success(message);
    navigate(withEmail('/auth/login', email), { replace: true, state: { email } });
  });

  return (
    <AuthForm form={form} label="Allow this device to sign in" submit="Allow this device" sending="Allowing…">
      {null}
    </AuthForm>
  );
}
