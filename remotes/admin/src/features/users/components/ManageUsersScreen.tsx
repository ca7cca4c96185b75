import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { errorMessage, usersApi } from '@kloof/api-client';
import { Button, EmptyState, PageHeader, ResourceState, TextField } from '@kloof/ui';
import { LoadMore, SEARCH_DELAY_MS, usePagedList } from '@kloof/ui/lists';
import { UsersTable } from './UsersTable';

const PAGE_SIZE = 20;
/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'user', many: 'users' };

/** /manage/users: newest first, searched as you type (email, username, name, company; kept in the URL), more on demand. */
export function ManageUsersScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const users = usePagedList(
    (after) => usersApi.list({ search: search || undefined, after, limit: PAGE_SIZE }),
    [search],
  );

  const go = (q: string): void => setParams(q ? { q } : {}, { replace: true });
  useEffect(() => {
    const term = draft.trim();
    if (term === search) return undefined;
    const timer = setTimeout(() => go(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the field, not the URL
  }, [draft]);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    go(draft.trim());
  };

  return (
    <section>
      <PageHeader title="Users" description="Every account, with its roles and whether it is verified." />
      <form
        role="search"
        // A search may be an e-mail address: never in a URL, even if sent before script runs.
        method="post"
        onSubmit={submit}
        css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap', maxWidth: '36rem' }}
      >
        <div css={{ flex: '1 1 16rem' }}>
          <TextField
            label="Search users"
            type="search"
            placeholder="Name, e-mail or company"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <div css={{ marginBottom: '1rem' }}>
          <Button type="submit">
            <Search aria-hidden="true" size={18} />
            Search
          </Button>
        </div>
      </form>
      <ResourceState resource={users.resource} what="the users" errorText={errorMessage}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState title={search ? `No users match “${search}”` : 'No users yet'}>
              <p>{search ? 'Try part of an email address or a name.' : 'Accounts appear here when people sign up.'}</p>
            </EmptyState>
          ) : (
            <>
              <UsersTable users={items} caption={search ? `Users matching ${search}` : 'Users'} />
              <LoadMore shown={items.length} noun={NOUN} more={users.more} errorText={errorMessage} />
            </>
          )
        }
      </ResourceState>
    </section>
  );
}
