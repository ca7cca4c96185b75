import { explainApiError, projectsApi, type Project, type ProjectStatus, type Workspace } from '@kloof/api-client';
import { SelectField, TextAreaField, TextField, useForm } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { WorkspaceSelect } from '../../common/components/WorkspaceSelect';
import { confirmChange } from '../../common/confirm-change';
import { requiredText } from '../../common/rules';
import { statusOptions } from '../status';

interface Props {
  workspaces: readonly Workspace[];
  /** The project to edit; none to create one. */
  project?: Project | undefined;
  /** Preselected workspace of a new project. */
  workspaceId?: string;
  onSaved: () => void;
  onClose: () => void;
}

/** Create or edit a project: workspace (fixed once created), name, description, status. */
export function ProjectForm({ workspaces, project, workspaceId, onSaved, onClose }: Props) {
  const form = useForm({
    initial: {
      workspaceId: project?.workspaceId ?? workspaceId ?? workspaces[0]?.id ?? '',
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
      onSaved();
    },
  });
  return (
    <FormDialog noun="project" editing={Boolean(project)} createLabel="Create project" form={form} onClose={onClose}>
      <WorkspaceSelect
        workspaces={workspaces}
        locked={Boolean(project)}
        hint={project ? 'A project stays in the workspace it was created in.' : undefined}
        {...form.field('workspaceId')}
      />
      <TextField label="Name" required maxLength={200} autoFocus {...form.field('name')} />
      <SelectField label="Status" options={statusOptions} {...form.field('status')} />
      <TextAreaField label="Description" rows={3} maxLength={5000} {...form.field('description')} />
    </FormDialog>
  );
}
