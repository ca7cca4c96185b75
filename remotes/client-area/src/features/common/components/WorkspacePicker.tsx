import type { ComponentProps } from 'react';
import { workspacesApi } from '@kloof/api-client';
import { listQuery } from '../list-query';
import { PICKER_LIMIT, SearchPicker, type Choice } from './SearchPicker';

type Props = Omit<ComponentProps<typeof SearchPicker>, 'label' | 'searchLabel' | 'find' | 'lookUp' | 'deps'>;

const findWorkspaces = async (search: string): Promise<Choice[]> =>
  (await workspacesApi.list({ limit: PICKER_LIMIT, ...listQuery({ search }) })).items;

/** One of the user's workspaces, found by name (a filter, or the workspace of a new project or link). */
export function WorkspacePicker(props: Props) {
  return (
    <SearchPicker
      label="Workspace"
      searchLabel="Find a workspace"
      find={findWorkspaces}
      lookUp={workspacesApi.get}
      {...props}
    />
  );
}
