import { useLocation, useNavigate } from 'react-router-dom';
import { activityApi, explainApiError } from '@kloof/api-client';
import { toast, useForm } from '@kloof/ui';
import { withEmail } from '../forms/prefill';
import { AuthForm } from '../forms/components/AuthForm';

/** Says why a link from the mail cannot be used before any call is made. */
const NO_TOKEN =
  'This link is incomplete. Open the whole link from the e-mail, or reset your password from the sign-in page.';

/**
 * Uses the "this was not me" link of a security notice: every session of the account ends, then the
 * page to choose a new password opens with the code the answer carries. A click, not on load: a mail
 * scanner that opens links must not sign the owner out. The token is after '#' (never sent to the web server).
 */
export function NotMeForm() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const form = useForm({
    initial: {},
    explain: explainApiError,
    submit: async () => {
      const token = hash.replace(/^#/, '');
      if (!token) throw new Error(NO_TOKEN);
      const { message, email, code } = await activityApi.notMe(token);
      toast.success(message);
      navigate(withEmail(`/auth/resetPassword/${code}`, email), { replace: true });
    },
  });

  return (
    <AuthForm
      form={form}
      label="Sign out everywhere and choose a new password"
      submit="Sign out everywhere"
      sending="Signing out…"
    >
      {null}
    </AuthForm>
  );
}
