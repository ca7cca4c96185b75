import type { ComponentProps } from 'react';
import { projectsApi } from '@kloof/api-client';
import { listQuery } from '../list-query';
import { PICKER_LIMIT, SearchPicker, type Choice } from './SearchPicker';

type Props = Omit<ComponentProps<typeof SearchPicker>, 'label' | 'searchLabel' | 'find' | 'lookUp' | 'deps'> & {
  /** Only the projects of this workspace ('' for every workspace). */
  workspaceId: string;
};

/** One of the user's projects, found by name, of one workspace or any. */
export function ProjectPicker({ workspaceId, ...props }: Props) {
  const find = async (search: string): Promise<Choice[]> =>
    (await projectsApi.list({ limit: PICKER_LIMIT, ...listQuery({ workspaceId, search }) })).items;
  return (
    <SearchPicker
      label="Project"
      searchLabel="Find a project"
      find={find}
      deps={[workspaceId]}
      lookUp={projectsApi.get}
      {...props}
    />
  );
}
