import { explainApiError, linksApi, type Link, type Workspace } from '@kloof/api-client';
import { TextField, useForm } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';
import { ProjectPicker } from '../../common/components/ProjectPicker';
import { WorkspacePicker } from '../../common/components/WorkspacePicker';
import { confirmChange } from '../../common/confirm-change';
import { requiredText, webAddress, withScheme } from '../../common/rules';

interface Props {
  /** The link to edit; none to create one. */
  link?: Link | undefined;
  workspaceId?: string | undefined;
  /** The user's newest workspace: a new link's when no filter says otherwise. */
  newestWorkspace?: Workspace | undefined;
  projectId?: string | undefined;
  onSaved: (link: Link) => void;
  onClose: () => void;
}

/** Create or edit a link: workspace (fixed once created), optional project of that workspace, title, URL. */
export function LinkForm({ link, workspaceId, newestWorkspace, projectId, onSaved, onClose }: Props) {
  const form = useForm({
    initial: {
      workspaceId: link?.workspaceId ?? workspaceId ?? newestWorkspace?.id ?? '',
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
      onSaved(saved);
    },
  });
  const workspaceField = form.field('workspaceId');
  const projectField = form.field('projectId');

  return (
    <FormDialog noun="link" editing={Boolean(link)} createLabel="Add link" form={form} onClose={onClose}>
      <WorkspacePicker
        name={workspaceField.name}
        value={workspaceField.value}
        error={workspaceField.error}
        required
        locked={Boolean(link)}
        chosen={link ? { id: link.workspaceId, name: link.workspaceName } : newestWorkspace}
        onChange={(id) => {
          if (id === form.values.workspaceId) return;
          form.setValue('workspaceId', id);
          // A project belongs to one workspace: the choice does not carry over.
          form.setValue('projectId', '');
        }}
      />
      {/* Its projects are offered once the workspace is known. */}
      {workspaceField.value ? (
        <ProjectPicker
          workspaceId={workspaceField.value}
          none="No project"
          name={projectField.name}
          value={projectField.value}
          error={projectField.error}
          chosen={link?.projectId && link.projectName ? { id: link.projectId, name: link.projectName } : undefined}
          onChange={(id) => form.setValue('projectId', id)}
        />
      ) : null}
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
