import { useState, type ReactNode } from 'react';
import { errorMessage } from '@kloof/api-client';
import { ConfirmDialog } from '@kloof/ui';
import { confirmChange } from '../confirm-change';

interface Props {
  /** What is deleted, e.g. 'workspace'. */
  kind: string;
  name: string;
  children?: ReactNode;
  remove: () => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
}

/** Confirmation before a delete; the API's error text stays in the dialog when it refuses. */
export function DeleteDialog({ kind, name, children, remove, onDone, onCancel }: Props) {
  const [error, setError] = useState<string | null>(null);
  const confirm = async (): Promise<void> => {
    setError(null);
    try {
      await remove();
      confirmChange('deleted', kind, name);
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      title={`Delete ${kind}?`}
      confirmLabel={`Delete ${kind}`}
      onConfirm={confirm}
      onCancel={onCancel}
      error={error}
    >
      <p css={{ margin: 0 }}>
        “<strong>{name}</strong>” will be deleted. This cannot be undone.
      </p>
      {children}
    </ConfirmDialog>
  );
}
