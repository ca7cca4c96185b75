import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search } from 'lucide-react';
import { errorMessage, usersApi } from '@kloof/api-client';
import { Button, EmptyState, PageHeader, ResourceState, TextField, useResource } from '@kloof/ui';
import { Pager } from './Pager';
import { UsersTable } from './UsersTable';

const PAGE_SIZE = 20;

/** /manage/users: search (email, username, name, company) and paging, kept in the URL. */
export function ManageUsersScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const users = useResource(
    () => usersApi.list({ search: search || undefined, page, pageSize: PAGE_SIZE }),
    [search, page],
  );

  const go = (next: { q?: string; page?: number }): void => {
    const q = next.q ?? search;
    const p = next.page ?? page;
    setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    go({ q: draft.trim(), page: 1 });
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
      <ResourceState resource={users} what="the users" errorText={errorMessage}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={search ? `No users match “${search}”` : 'No users yet'}>
              <p>{search ? 'Try part of an email address or a name.' : 'Accounts appear here when people sign up.'}</p>
            </EmptyState>
          ) : (
            <>
              <UsersTable users={result.items} caption={search ? `Users matching ${search}` : 'Users'} />
              <Pager
                page={result.page}
                pageSize={result.pageSize}
                total={result.total}
                onPage={(p) => go({ page: p })}
                label="Users pages"
              />
            </>
          )
        }
      </ResourceState>
    </section>
  );
}
