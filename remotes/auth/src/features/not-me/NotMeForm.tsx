import { useNavigate } from 'react-router-dom';
import { activityApi } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { toast } from '@kloof/ui';
import { withEmail } from '../forms/prefill';
import { AuthForm } from '../forms/components/AuthForm';
import { useMailLinkForm } from '../forms/use-mail-link-form';

const NO_TOKEN =
  'This link is incomplete. Open the whole link from the e-mail, or reset your password from the sign-in page.';

/**
 * Uses the "this was not me" link of a security notice: every session of the account ends, then the
 * page to choose a new password opens with the code the answer carries.
 */
export function NotMeForm() {
  const navigate = useNavigate();
  const form = useMailLinkForm(NO_TOKEN, async (token) => {
    const { message, email, code } = await activityApi.notMe(token);
    // This browser's session ended with the others: signed out here too, the new-password page opens.
    if (authStore.getSession().state !== 'SIGNED_OUT') authStore.logout();
    toast.success(message);
    navigate(withEmail(`/auth/resetPassword/${code}`, email), { replace: true });
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
