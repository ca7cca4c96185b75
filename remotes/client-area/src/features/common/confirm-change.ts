import { toast } from '@kloof/ui';

export type Change = 'created' | 'saved' | 'deleted';

const verbs: Record<Change, string> = { created: 'Created', saved: 'Saved', deleted: 'Deleted' };

/** Every create, edit and delete of the client area is confirmed the same way: one toast. */
export function confirmChange(change: Change, kind: string, name: string): void {
  toast.success(`${verbs[change]} ${kind} “${name}”.`);
}
