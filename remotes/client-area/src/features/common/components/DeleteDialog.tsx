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
  /** The list screen's editor (useEditor): closed on Cancel, told once the item is deleted. */
  editor: { deleted: () => void; close: () => void };
}

/** Confirmation before a delete; the API's error text stays in the dialog when it refuses. */
export function DeleteDialog({ kind, name, children, remove, editor }: Props) {
  const [error, setError] = useState<string | null>(null);
  const confirm = async (): Promise<void> => {
    setError(null);
    try {
      await remove();
      confirmChange('deleted', kind, name);
      editor.deleted();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      title={`Delete ${kind}?`}
      confirmLabel={`Delete ${kind}`}
      onConfirm={confirm}
      onCancel={editor.close}
      error={error}
    >
      <p css={{ margin: 0 }}>
        “<strong>{name}</strong>” will be deleted. This cannot be undone.
      </p>
      {children}
    </ConfirmDialog>
  );
}
