import { useState } from 'react';
import { projectsApi, type Project, type ProjectStatus, type Workspace } from '@kloof/api-client';
import { SelectField, TextAreaField, TextField } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { statusOptions } from '../status';

interface Props {
  workspaces: readonly Workspace[];
  /** The project to edit; none to create one. */
  project?: Project;
  /** Preselected workspace of a new project. */
  workspaceId?: string;
  onSaved: () => void;
  onClose: () => void;
}

/** Create or edit a project: workspace (fixed once created), name, description, status. */
export function ProjectForm({ workspaces, project, workspaceId, onSaved, onClose }: Props) {
  const [workspace, setWorkspace] = useState(project?.workspaceId ?? workspaceId ?? workspaces[0]?.id ?? '');
  const [name, setName] = useState(project?.name ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [status, setStatus] = useState<ProjectStatus>(project?.status ?? 'planning');
  const save = async (): Promise<void> => {
    const input = { name: name.trim(), description: description.trim(), status };
    if (project) await projectsApi.update(project.id, input);
    else await projectsApi.create({ ...input, workspaceId: workspace });
    onSaved();
  };
  return (
    <FormDialog
      title={project ? 'Edit project' : 'New project'}
      submitLabel={project ? 'Save changes' : 'Create project'}
      onSubmit={save}
      onClose={onClose}
    >
      <SelectField
        label="Workspace"
        required
        disabled={Boolean(project)}
        value={workspace}
        onChange={(e) => setWorkspace(e.target.value)}
        options={workspaces.map((w) => ({ value: w.id, label: w.name }))}
        hint={project ? 'A project stays in the workspace it was created in.' : undefined}
      />
      <TextField
        label="Name"
        required
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as ProjectStatus)}
        options={statusOptions}
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={5000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
    </FormDialog>
  );
}
