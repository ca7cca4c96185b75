import type { Workspace } from '@kloof/api-client';
import { SelectField } from '@kloof/ui';

/** Narrows a list to one workspace; '' is every workspace. */
export function WorkspaceFilter({
  workspaces,
  value,
  onChange,
}: {
  workspaces: readonly Workspace[];
  value: string;
  onChange: (workspaceId: string) => void;
}) {
  return (
    <SelectField
      label="Workspace"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: 'All workspaces' }, ...workspaces.map((w) => ({ value: w.id, label: w.name }))]}
    />
  );
}
