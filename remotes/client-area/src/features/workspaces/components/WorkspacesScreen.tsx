import { Link } from 'react-router-dom';
import { FolderKanban } from 'lucide-react';
import { workspacesApi } from '@kloof/api-client';
import { EmptyState, formatDate } from '@kloof/ui';
import { usePagedList } from '@kloof/ui/lists';
import { plural } from '../../common/plural';
import { listQuery } from '../../common/list-query';
import { useQueryParam } from '../../common/use-query-param';
import { holds, ResourceScreen } from '../../common/components/ResourceScreen';
import { WorkspaceForm } from './WorkspaceForm';
import { roleName } from '../../members/roles';

/** Workspaces, a page at a time, searched by name (?search=): list, create, edit, delete (with its projects and links). */
export function WorkspacesScreen() {
  const [search, setSearch] = useQueryParam('search');
  const list = usePagedList((after) => workspacesApi.list(listQuery({ after, search })), [search]);
  return (
    <ResourceScreen
      noun={{ one: 'workspace', many: 'workspaces' }}
      description="Group your projects and links by client or product."
      list={list}
      search={{ label: 'Search workspaces', value: search, onSearch: setSearch }}
      fits={(workspace) => holds(workspace.name, search)}
      remove={workspacesApi.remove}
      nameOf={(workspace) => workspace.name}
      canChange={(workspace) => workspace.role === 'owner'}
      empty={(newButton) => (
        <EmptyState title="No workspaces yet" action={newButton}>
          <p>
            A workspace holds the projects and links of one client or product. Create your first one to get started.
          </p>
        </EmptyState>
      )}
      layout="cards"
      renderItem={(workspace) => (
        <>
          <div>
            <h2 css={{ margin: 0, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>{workspace.name}</h2>
            <p css={(theme) => ({ margin: '0.375rem 0 0', color: theme.colors.textMuted, overflowWrap: 'anywhere' })}>
              {workspace.description || 'No description'}
            </p>
          </div>
          <p
            css={(theme) => ({
              margin: 0,
              fontSize: '0.875rem',
              color: theme.colors.textMuted,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: '0.375rem',
            })}
          >
            <FolderKanban aria-hidden="true" size={16} />
            <Link to={`/projects?workspace=${workspace.id}`}>{plural(workspace.projectCount, 'project')}</Link>
            <span aria-hidden="true">·</span>
            <Link to={`/workspaces/${workspace.id}/members`} aria-label={`Members of ${workspace.name}`}>
              Members
            </Link>
            <span aria-hidden="true">·</span>
            <span>{roleName[workspace.role]}</span>
            <span aria-hidden="true">·</span>
            <span>Updated {formatDate(workspace.updatedAt)}</span>
          </p>
        </>
      )}
      renderForm={({ item, onSaved, onClose }) => (
        <WorkspaceForm workspace={item} onSaved={onSaved} onClose={onClose} />
      )}
      deleteNote={(workspace) =>
        workspace.projectCount > 0 ? (
          <p css={{ margin: '0.5rem 0 0' }}>
            Its {plural(workspace.projectCount, 'project')} and their links are deleted with it.
          </p>
        ) : null
      }
    />
  );
}
