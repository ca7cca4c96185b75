import { useState } from 'react';

/** Which dialog of a CRUD screen is open: none, a new item, editing one, or confirming a delete. */
export type EditorState<T> =
  { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T } | { mode: 'delete'; item: T };

export function useEditor<T>() {
  const [state, setState] = useState<EditorState<T>>({ mode: 'closed' });
  return {
    state,
    create: () => setState({ mode: 'create' }),
    edit: (item: T) => setState({ mode: 'edit', item }),
    remove: (item: T) => setState({ mode: 'delete', item }),
    close: () => setState({ mode: 'closed' }),
  };
}
