import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dataRightsApi, explainApiError } from '@kloof/api-client';
import { signOut, useFreshProof } from '@kloof/auth';
import { Button, DialogForm, TextField, toast, useForm } from '@kloof/ui';

/** "Delete my account": a fresh proof and the e-mail address typed again; a grace in which signing in cancels it. */
export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [graceDays, setGraceDays] = useState<number | null>(null);
  const { withFreshProof, proofDialog } = useFreshProof();
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    dataRightsApi.deletionPolicy().then(
      (policy) => live && setGraceDays(policy.graceDays),
      () => undefined, // the text below reads "a grace period" without the number
    );
    return () => {
      live = false;
    };
  }, []);

  const form = useForm({
    initial: { confirm: '' },
    validate: ({ confirm }) => ({
      confirm:
        confirm.trim().toLowerCase() === email
          ? null
          : 'Type your e-mail address exactly as shown to confirm the deletion.',
    }),
    explain: explainApiError,
    submit: async ({ confirm }) => {
      const { message } = await withFreshProof(() => dataRightsApi.requestDeletion({ confirm: confirm.trim() }));
      setOpen(false);
      // Every session of the account has ended on the server; this one leaves the browser too.
      await signOut();
      toast.success(message, { duration: 10_000 });
      navigate('/auth/login', { replace: true });
    },
  });
  const grace = graceDays === null ? 'a grace period' : `${graceDays} days`;

  return (
    <div>
      <h3 css={{ margin: '0 0 0.25rem', fontSize: '1rem' }}>Delete my account</h3>
      <p css={(theme) => ({ margin: '0 0 0.75rem', color: theme.colors.textMuted })}>
        Your account is kept for {grace}, then its personal data is erased for good; invoices are kept, without your
        name, for the tax record. Signing in before then cancels the deletion.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open && (
        <DialogForm
          title="Delete your account?"
          form={form}
          submitLabel="Delete my account"
          danger
          onCancel={() => {
            setOpen(false);
            form.reset({ confirm: '' });
          }}
        >
          <p css={{ marginTop: 0 }}>
            You are signed out on every device. After {grace} your profile, devices and activity are erased, with the
            workspaces only you are in and their projects and links. A workspace you share stays with its other members,
            projects and links included: another owner keeps it, or else the member there longest becomes its owner.
            Sign in before then to keep your account.
          </p>
          <TextField
            label={`Type ${email} to confirm`}
            autoComplete="off"
            spellCheck={false}
            {...form.field('confirm')}
          />
        </DialogForm>
      )}
      {proofDialog}
    </div>
  );
}
