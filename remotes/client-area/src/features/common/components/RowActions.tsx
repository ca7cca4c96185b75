import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@kloof/ui';

/** The part of a list screen's editor (useEditor) the buttons open. */
interface Opens<T> {
  edit: (item: T) => void;
  remove: (item: T) => void;
}

/** Edit and Delete buttons of one item, named after it for screen readers. */
export function RowActions<T>({ name, item, editor }: { name: string; item: T; editor: Opens<T> }) {
  return (
    <div css={{ display: 'flex', gap: '0.375rem', flexShrink: 0 }}>
      <Button variant="secondary" size="sm" onClick={() => editor.edit(item)} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" size={15} />
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => editor.remove(item)} aria-label={`Delete ${name}`}>
        <Trash2 aria-hidden="true" size={15} />
        Delete
      </Button>
    </div>
  );
}
