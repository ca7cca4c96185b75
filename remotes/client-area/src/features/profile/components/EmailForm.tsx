import { dataRightsApi, explainApiError } from '@kloof/api-client';
import { useFreshProof } from '@kloof/auth';
import { TextField, toast, useForm } from '@kloof/ui';
import { CardForm } from './CardForm';

/**
 * Change e-mail: after a fresh proof, a one-use link goes to the new address and a notice to the
 * current one; the address changes only when the link is opened (see useEmailChangeLink).
 */
export function EmailForm({ email }: { email: string }) {
  const { withFreshProof, proofDialog } = useFreshProof();
  const form = useForm({
    initial: { email: '' },
    validate: (values) => ({
      email: !values.email.trim()
        ? 'Enter the new e-mail address.'
        : values.email.trim().toLowerCase() === email
          ? 'This is already your e-mail address.'
          : null,
    }),
    explain: explainApiError,
    submit: async (values) => {
      const { message } = await withFreshProof(() => dataRightsApi.requestEmailChange({ email: values.email.trim() }));
      toast.success(message);
      form.reset({ email: '' });
    },
  });

  return (
    <>
      <CardForm form={form} id="change-email" title="Change e-mail address" submit="Send confirmation link">
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          hint={`Now ${email}. We mail a link to the new address; it changes when you open it in this browser.`}
          {...form.field('email')}
        />
      </CardForm>
      {proofDialog}
    </>
  );
}
