import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@kloof/ui';

/** Edit and Delete buttons of one item, named after it for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div css={{ display: 'flex', gap: '0.375rem', flexShrink: 0 }}>
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" size={15} />
        Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${name}`}>
        <Trash2 aria-hidden="true" size={15} />
        Delete
      </Button>
    </div>
  );
}
