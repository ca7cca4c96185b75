import { useState } from 'react';
import { linksApi, type Link, type Project, type Workspace } from '@kloof/api-client';
import { SelectField, TextField } from '@kloof/ui';
import { FormDialog } from '../../common/components/FormDialog';

interface Props {
  workspaces: readonly Workspace[];
  projects: readonly Project[];
  /** The link to edit; none to create one. */
  link?: Link;
  workspaceId?: string;
  projectId?: string;
  onSaved: () => void;
  onClose: () => void;
}

/** Create or edit a link: workspace (fixed once created), optional project of that workspace, title, URL. */
export function LinkForm({ workspaces, projects, link, workspaceId, projectId, onSaved, onClose }: Props) {
  const [workspace, setWorkspace] = useState(link?.workspaceId ?? workspaceId ?? workspaces[0]?.id ?? '');
  const [project, setProject] = useState(link?.projectId ?? projectId ?? '');
  const [title, setTitle] = useState(link?.title ?? '');
  const [url, setUrl] = useState(link?.url ?? '');
  const projectsHere = projects.filter((p) => p.workspaceId === workspace);

  const save = async (): Promise<void> => {
    const input = { title: title.trim(), url: url.trim(), projectId: project || null };
    if (link) await linksApi.update(link.id, input);
    else await linksApi.create({ ...input, workspaceId: workspace });
    onSaved();
  };
  return (
    <FormDialog
      title={link ? 'Edit link' : 'New link'}
      submitLabel={link ? 'Save changes' : 'Add link'}
      onSubmit={save}
      onClose={onClose}
    >
      <SelectField
        label="Workspace"
        required
        disabled={Boolean(link)}
        value={workspace}
        onChange={(e) => {
          setWorkspace(e.target.value);
          setProject('');
        }}
        options={workspaces.map((w) => ({ value: w.id, label: w.name }))}
      />
      <SelectField
        label="Project"
        value={project}
        onChange={(e) => setProject(e.target.value)}
        options={[{ value: '', label: 'No project' }, ...projectsHere.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <TextField
        label="Title"
        required
        maxLength={200}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        autoFocus
      />
      <TextField
        label="URL"
        type="url"
        required
        maxLength={2048}
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="An http or https address, e.g. the staging site or the design file."
      />
    </FormDialog>
  );
}
