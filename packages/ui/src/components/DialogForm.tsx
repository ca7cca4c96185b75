import type { ReactNode } from 'react';
import type { FormState } from '../form/use-form';
import { Form } from '../form/Form';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';

interface Props<T extends Record<string, unknown>> {
  /** Titles the dialog and names its form. */
  title: string;
  /** The form's state (useForm): its messages and busy flag are shown here. */
  form: FormState<T>;
  /** The submit button's words, e.g. "Save changes" (it shows busy while the form sends). */
  submitLabel: string;
  /** A removal's submit is a danger button. */
  danger?: boolean;
  onCancel: () => void;
  size?: 'sm' | 'md';
  children: ReactNode;
}

/** A form in a modal: the fields, the form's message, Cancel and a busy submit button. */
export function DialogForm<T extends Record<string, unknown>>({
  title,
  form,
  submitLabel,
  danger = false,
  onCancel,
  size,
  children,
}: Props<T>) {
  return (
    <Dialog title={title} onClose={onCancel} size={size}>
      <Form
        form={form}
        aria-label={title}
        actions={
          <DialogActions>
            <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={form.busy}>
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
