import { useState } from 'react';

/** Which dialog of a CRUD screen is open: none, a new item, editing one, or confirming a delete. */
export type EditorState<T> =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T } | { mode: 'delete'; item: T };

/** The dialogs of a list screen; `reload` refreshes the list once a dialog saved or deleted. */
export function useEditor<T>(reload: () => void) {
  const [state, setState] = useState<EditorState<T>>({ mode: 'closed' });
  const close = (): void => setState({ mode: 'closed' });
  const form: { item?: T } | null = state.mode === 'create' ? {} : state.mode === 'edit' ? { item: state.item } : null;
  return {
    state,
    /** The open create/edit form: `item` is the one being edited, none for a new one. */
    form,
    /** The item waiting for the delete confirmation. */
    deleting: state.mode === 'delete' ? state.item : null,
    create: () => setState({ mode: 'create' }),
    edit: (item: T) => setState({ mode: 'edit', item }),
    remove: (item: T) => setState({ mode: 'delete', item }),
    close,
    saved: (): void => {
      close();
      reload();
    },
  };
}
