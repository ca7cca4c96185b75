import type { ComponentProps } from 'react';
import type { Workspace } from '@kloof/api-client';
import { SelectField } from '@kloof/ui';

type Props = Omit<ComponentProps<typeof SelectField>, 'label' | 'options' | 'required' | 'disabled'> & {
  workspaces: readonly Workspace[];
  /** True once the item exists: it stays in the workspace it was created in. */
  locked: boolean;
};

/** The workspace of a new project or link, chosen once. */
export function WorkspaceSelect({ workspaces, locked, ...field }: Props) {
  return (
    <SelectField
      label="Workspace"
      required
      disabled={locked}
      options={workspaces.map((w) => ({ value: w.id, label: w.name }))}
      {...field}
    />
  );
}
