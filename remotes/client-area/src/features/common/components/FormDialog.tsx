import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, Form, type FormState } from '@kloof/ui';

interface Props<T extends Record<string, unknown>> {
  title: string;
  submitLabel: string;
  /** The dialog's form state (useForm): its messages and busy flag are shown here. */
  form: FormState<T>;
  onClose: () => void;
  children: ReactNode;
}

/** A create/edit form in a modal: the fields, the form's message, Cancel and a busy submit button. */
export function FormDialog<T extends Record<string, unknown>>({
  title,
  submitLabel,
  form,
  onClose,
  children,
}: Props<T>) {
  return (
    <Dialog title={title} onClose={onClose}>
      <Form
        form={form}
        aria-label={title}
        actions={
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.busy}>
              {submitLabel}
            </Button>
          </DialogActions>
        }
      >
        {children}
      </Form>
    </Dialog>
  );
}
