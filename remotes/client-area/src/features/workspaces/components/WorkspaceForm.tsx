import { errorMessage, errorStatus, explainApiError, workspacesApi, type Workspace } from '@kloof/api-client';
import { TextAreaField, TextField, useForm } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { confirmChange } from '../../common/confirm-change';
import { requiredText } from '../../common/rules';

interface Props {
  /** The workspace to edit; none to create one. */
  workspace?: Workspace | undefined;
  onSaved: (workspace: Workspace) => void;
  onClose: () => void;
}

/** Create or edit a workspace: name and description. */
export function WorkspaceForm({ workspace, onSaved, onClose }: Props) {
  const form = useForm({
    initial: { name: workspace?.name ?? '', description: workspace?.description ?? '' },
    validate: ({ name }) => ({ name: requiredText(name, 'Enter a name for the workspace.') }),
    // 409: the name is taken by another of the user's workspaces; said under the name field.
    explain: (error) =>
      errorStatus(error) === 409 ? { field: 'name', message: errorMessage(error) } : explainApiError(error),
    submit: async ({ name, description }) => {
      const input = { name: name.trim(), description: description.trim() };
      const saved = workspace ? await workspacesApi.update(workspace.id, input) : await workspacesApi.create(input);
      confirmChange(workspace ? 'saved' : 'created', 'workspace', saved.name);
      onSaved(saved);
    },
  });
  return (
    <FormDialog
      noun="workspace"
      editing={Boolean(workspace)}
      createLabel="Create workspace"
      form={form}
      onClose={onClose}
    >
      <TextField label="Name" required maxLength={200} autoFocus {...form.field('name')} />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={5000}
        hint="What this workspace is for, e.g. a client or a product line."
        {...form.field('description')}
      />
    </FormDialog>
  );
}
