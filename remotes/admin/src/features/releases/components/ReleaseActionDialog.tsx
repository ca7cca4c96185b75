import { explainApiError, type ReleaseApp, type ReleaseChange } from '@kloof/api-client';
import { useFreshProof } from '@kloof/auth';
import { DialogForm, TextAreaField, TextField, toast, useForm } from '@kloof/ui';
import { RELEASE_ACTIONS, reasonProblem, shareProblem, type ReleaseActionKind } from '../release-actions';

interface Props {
  app: ReleaseApp;
  action: ReleaseActionKind;
  onDone: (change: ReleaseChange) => void;
  onCancel: () => void;
}

/**
 * Asks why before a release changes (the reason goes into the history beside the user), then sends
 * it; the API asks for a fresh proof and the re-check dialog opens over this one. The API's words
 * are the toast on success and the form's message on a refusal. The reason is the first field:
 * the browser's showModal focuses the dialog's first control, whatever autoFocus says.
 */
export function ReleaseActionDialog({ app, action, onDone, onCancel }: Props) {
  const { label, run } = RELEASE_ACTIONS[action];
  const { withFreshProof, proofDialog } = useFreshProof();
  const form = useForm({
    initial: { reason: '', version: '', share: app.canary ? String(app.canary.share) : '' },
    validate: (values) => ({
      reason: reasonProblem(values.reason),
      share: action === 'share' ? shareProblem(values.share) : null,
    }),
    explain: (error) => {
      const failure = explainApiError(error);
      toast.error(failure.message);
      return failure;
    },
    submit: async (values) => {
      const change = await withFreshProof(() => run(app.app, { ...values, reason: values.reason.trim() }));
      toast.success(change.message);
      onDone(change);
    },
  });
  return (
    <>
      <DialogForm
        title={`${label}: ${app.app}`}
        form={form}
        submitLabel={label}
        danger={action !== 'promote'}
        onCancel={onCancel}
      >
        <TextAreaField
          label="Reason"
          hint="Recorded in the release history with your name."
          required
          rows={3}
          autoFocus
          {...form.field('reason')}
        />
        {action === 'rollback' && (
          <TextField
            label="Version"
            hint={`Empty: back to the previous version${app.previous ? ` (${app.previous})` : ''}.`}
            autoComplete="off"
            spellCheck={false}
            {...form.field('version')}
          />
        )}
        {action === 'share' && (
          <TextField label="Share of browsers (%)" inputMode="numeric" required {...form.field('share')} />
        )}
      </DialogForm>
      {proofDialog}
    </>
  );
}
