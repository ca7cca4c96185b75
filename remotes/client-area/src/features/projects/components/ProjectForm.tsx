import { explainApiError, projectsApi, type Project, type ProjectStatus, type Workspace } from '@kloof/api-client';
import { SelectField, TextAreaField, TextField, useForm } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { WorkspacePicker } from '../../common/components/WorkspacePicker';
import { confirmChange } from '../../common/confirm-change';
import { requiredText } from '../../common/rules';
import { statusOptions } from '../status';

interface Props {
  /** The project to edit; none to create one. */
  project?: Project | undefined;
  /** Preselected workspace of a new project (the list's filter). */
  workspaceId?: string | undefined;
  /** The user's newest workspace: a new project's when no filter says otherwise. */
  newestWorkspace?: Workspace | undefined;
  onSaved: (project: Project) => void;
  onClose: () => void;
}

/** Create or edit a project: workspace (fixed once created), name, description, status. */
export function ProjectForm({ project, workspaceId, newestWorkspace, onSaved, onClose }: Props) {
  const form = useForm({
    initial: {
      workspaceId: project?.workspaceId ?? workspaceId ?? newestWorkspace?.id ?? '',
      name: project?.name ?? '',
      description: project?.description ?? '',
      status: (project?.status ?? 'planning') as string,
    },
    validate: (values) => ({
      workspaceId: requiredText(values.workspaceId, 'Choose the workspace of the project.'),
      name: requiredText(values.name, 'Enter a name for the project.'),
    }),
    explain: explainApiError,
    submit: async (values) => {
      const input = {
        name: values.name.trim(),
        description: values.description.trim(),
        status: values.status as ProjectStatus,
      };
      const saved = project
        ? await projectsApi.update(project.id, input)
        : await projectsApi.create({ ...input, workspaceId: values.workspaceId });
      confirmChange(project ? 'saved' : 'created', 'project', saved.name);
      onSaved(saved);
    },
  });
  const workspaceField = form.field('workspaceId');
  return (
    <FormDialog noun="project" editing={Boolean(project)} createLabel="Create project" form={form} onClose={onClose}>
      <WorkspacePicker
        name={workspaceField.name}
        value={workspaceField.value}
        error={workspaceField.error}
        onChange={(id) => form.setValue('workspaceId', id)}
        required
        locked={Boolean(project)}
        chosen={project ? { id: project.workspaceId, name: project.workspaceName } : newestWorkspace}
        hint={project ? 'A project stays in the workspace it was created in.' : undefined}
      />
      <TextField label="Name" required maxLength={200} autoFocus {...form.field('name')} />
      <SelectField label="Status" options={statusOptions} {...form.field('status')} />
      <TextAreaField label="Description" rows={3} maxLength={5000} {...form.field('description')} />
    </FormDialog>
  );
}
