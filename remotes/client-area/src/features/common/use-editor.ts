import { useState } from 'react';

/** Which dialog of a CRUD screen is open: none, a new item, editing one, or confirming a delete. */
export type EditorState<T> =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T } | { mode: 'delete'; item: T };

/** What the list does once a dialog created, changed or deleted an item (no reload needed). */
export interface ListChanges<T> {
  created: (item: T) => void;
  changed: (item: T) => void;
  deleted: (item: T) => void;
}

/** The dialogs of a list screen; `changes` keeps the loaded list right once a dialog saved or deleted. */
export function useEditor<T>(changes: ListChanges<T>) {
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
    /** The form saved `item`: a new one, or the one it edited. */
    saved: (item: T): void => {
      close();
      if (state.mode === 'create') changes.created(item);
      else changes.changed(item);
    },
    /** The item waiting for the delete confirmation is gone. */
    deleted: (): void => {
      close();
      if (state.mode === 'delete') changes.deleted(state.item);
    },
  };
}
