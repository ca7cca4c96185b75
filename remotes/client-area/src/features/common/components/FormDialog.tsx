import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@kloof/api-client';
import { Button, Dialog, DialogActions } from '@kloof/ui';

interface Props {
  title: string;
  submitLabel: string;
  /** Saves; a thrown error's text (the API's message) is shown in the dialog. */
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}

/** A create/edit form in a modal: busy button while saving, the API's error text when it refuses. */
export function FormDialog({ title, submitLabel, onSubmit, onClose, children }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        {children}
        {error ? (
          <p role="alert" css={(theme) => ({ margin: '0.5rem 0 0', fontWeight: 600, color: theme.colors.danger })}>
            {error}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
