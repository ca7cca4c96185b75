import { useState } from 'react';
import { workspacesApi, type Workspace } from '@kloof/api-client';
import { TextAreaField, TextField } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';

interface Props {
  /** The workspace to edit; none to create one. */
  workspace?: Workspace;
  onSaved: (workspace: Workspace) => void;
  onClose: () => void;
}

/** Create or edit a workspace: name and description. */
export function WorkspaceForm({ workspace, onSaved, onClose }: Props) {
  const [name, setName] = useState(workspace?.name ?? '');
  const [description, setDescription] = useState(workspace?.description ?? '');
  const save = async (): Promise<void> => {
    const input = { name: name.trim(), description: description.trim() };
    onSaved(workspace ? await workspacesApi.update(workspace.id, input) : await workspacesApi.create(input));
  };
  return (
    <FormDialog
      title={workspace ? 'Edit workspace' : 'New workspace'}
      submitLabel={workspace ? 'Save changes' : 'Create workspace'}
      onSubmit={save}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={5000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        hint="What this workspace is for, e.g. a client or a product line."
      />
    </FormDialog>
  );
}
