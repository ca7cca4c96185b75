import { explainApiError, linksApi, type Link, type Project, type Workspace } from '@kloof/api-client';
import { SelectField, TextField, useForm } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { WorkspaceSelect } from '../../common/components/WorkspaceSelect';
import { confirmChange } from '../../common/confirm-change';
import { requiredText, webAddress, withScheme } from '../../common/rules';

interface Props {
  workspaces: readonly Workspace[];
  projects: readonly Project[];
  /** The link to edit; none to create one. */
  link?: Link | undefined;
  workspaceId?: string;
  projectId?: string;
  onSaved: () => void;
  onClose: () => void;
}

/** Create or edit a link: workspace (fixed once created), optional project of that workspace, title, URL. */
export function LinkForm({ workspaces, projects, link, workspaceId, projectId, onSaved, onClose }: Props) {
  const form = useForm({
    initial: {
      workspaceId: link?.workspaceId ?? workspaceId ?? workspaces[0]?.id ?? '',
      projectId: link?.projectId ?? projectId ?? '',
      title: link?.title ?? '',
      url: link?.url ?? '',
    },
    validate: (values) => ({
      workspaceId: requiredText(values.workspaceId, 'Choose the workspace of the link.'),
      title: requiredText(values.title, 'Enter a title for the link.'),
      url: webAddress(values.url),
    }),
    explain: explainApiError,
    submit: async (values) => {
      const input = { title: values.title.trim(), url: withScheme(values.url), projectId: values.projectId || null };
      const saved = link
        ? await linksApi.update(link.id, input)
        : await linksApi.create({ ...input, workspaceId: values.workspaceId });
      confirmChange(link ? 'saved' : 'created', 'link', saved.title);
      onSaved();
    },
  });
  const projectsHere = projects.filter((p) => p.workspaceId === form.values.workspaceId);
  const workspaceField = form.field('workspaceId');

  return (
    <FormDialog noun="link" editing={Boolean(link)} createLabel="Add link" form={form} onClose={onClose}>
      <WorkspaceSelect
        workspaces={workspaces}
        locked={Boolean(link)}
        {...workspaceField}
        onChange={(event) => {
          workspaceField.onChange(event);
          // A project belongs to one workspace: the choice does not carry over.
          form.setValue('projectId', '');
        }}
      />
      <SelectField
        label="Project"
        options={[{ value: '', label: 'No project' }, ...projectsHere.map((p) => ({ value: p.id, label: p.name }))]}
        {...form.field('projectId')}
      />
      <TextField label="Title" required maxLength={200} autoFocus {...form.field('title')} />
      <TextField
        label="URL"
        type="url"
        required
        maxLength={2048}
        placeholder="example.com"
        hint="A web address, e.g. the staging site or the design file; https:// is added when left out."
        {...form.field('url')}
      />
    </FormDialog>
  );
}
