import type { ReactNode } from 'react';
import { DialogForm, type FormState } from '@kloof/ui';

interface Props<T extends Record<string, unknown>> {
  /** What the form saves, e.g. 'link': titles the dialog "New link" or "Edit link". */
  noun: string;
  /** True when the form edits an existing item (submit "Save changes"), false for a new one. */
  editing: boolean;
  /** The submit button of a new item, e.g. "Add link". */
  createLabel: string;
  /** The dialog's form state (useForm): its messages and busy flag are shown here. */
  form: FormState<T>;
  onClose: () => void;
  children: ReactNode;
}

/** A create/edit form in a modal, titled and labelled by what it edits. */
export function FormDialog<T extends Record<string, unknown>>({
  noun,
  editing,
  createLabel,
  form,
  onClose,
  children,
}: Props<T>) {
  const title = editing ? `Edit ${noun}` : `New ${noun}`;
  return (
    <DialogForm title={title} form={form} submitLabel={editing ? 'Save changes' : createLabel} onCancel={onClose}>
      {children}
    </DialogForm>
  );
}
