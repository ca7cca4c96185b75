/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { ResourceState } from '../components/ResourceState';
import { LoadMore } from '../components/LoadMore';
import { NetworkStatusProvider, type NetworkStatus } from '../network/network-status';
import { SavedCopiesProvider } from '../network/saved-copies';
import { usePagedList, type KeysetPage, type PagedList } from './use-paged-list';

interface Name {
  id: string;
  name: string;
}

/** A list endpoint whose answers the test hands out one by one, in any order. */
function pendingServer() {
  const asked: {
    after: string | undefined;
    search: string;
    answer: (page: KeysetPage<Name>) => void;
    fail: (error: Error) => void;
  }[] = [];
  const load = (search: string) => (after: string | undefined) =>
    new Promise<KeysetPage<Name>>((resolve, reject) => {
      asked.push({ after, search, answer: resolve, fail: reject });
    });
  /** Answers the oldest request still waiting that matches. */
  const answer = async (match: { after?: string; search?: string }, page: KeysetPage<Name>) => {
    const index = asked.findIndex(
      (a) => (match.search === undefined || a.search === match.search) && a.after === match.after,
    );
    const [request] = asked.splice(index, 1);
    if (!request) throw new Error(`nothing asked for ${JSON.stringify(match)}`);
    await act(async () => request.answer(page));
  };
  return { asked, load, answer };
}

const names = (...ids: number[]): Name[] => ids.map((n) => ({ id: `n${n}`, name: `Name ${n}` }));

/** What a screen does to its list: search, and apply a change made in one of its dialogs. */
function Changes({ list, searchFor }: { list: PagedList<Name>; searchFor: (search: string) => void }) {
  return (
    <>
      <button onClick={() => searchFor('a')}>Search a</button>
      <button onClick={() => searchFor('ab')}>Search ab</button>
      <button onClick={() => list.prepend({ id: 'n3', name: 'Name 3' })}>Add 3</button>
      <button onClick={() => list.replace({ id: 'n2', name: 'Renamed 2' })}>Rename 2</button>
      <button onClick={() => list.remove('n1')}>Remove 1</button>
    </>
  );
}

function Names({ load }: { load: (search: string) => (after: string | undefined) => Promise<KeysetPage<Name>> }) {
  const [search, setSearch] = useState('');
  const list = usePagedList(load(search), [search]);
  return (
    <ResourceState resource={list.resource} what="the names" errorText={(e) => String((e as Error).message)}>
      {(items) => (
        <>
          <Changes list={list} searchFor={setSearch} />
          <ul aria-label="Names">
            {items.map((item) => (
              <li key={item.id}>{item.name}</li>
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            noun={{ one: 'name', many: 'names' }}
            more={list.more}
            errorText={(e) => String((e as Error).message)}
          />
        </>
      )}
    </ResourceState>
  );
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Names' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a long list, a page at a time', () => {
  it('shows the first page, appends the next on "Load more", each row once, and says how many are shown', async () => {
    const server = pendingServer();
    render(<Names load={server.load} />);
    await server.answer({}, { items: names(5, 4), next: 'c4' });
    expect(shownNames()).toEqual(['Name 5', 'Name 4']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 names. There are more.');

    const button = screen.getByRole('button', { name: 'Load more names' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('Loading more names…');
    // A second press while a page is on its way asks nothing more.
    await userEvent.click(button);
    expect(server.asked).toHaveLength(1);
    // Row 4 again (it was answered twice, e.g. by a cursor from before a change): shown once.
    await server.answer({ after: 'c4' }, { items: names(4, 3, 2), next: 'c2' });
    expect(shownNames()).toEqual(['Name 5', 'Name 4', 'Name 3', 'Name 2']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 4 names. There are more.');

    await userEvent.click(screen.getByRole('button', { name: 'Load more names' }));
    await server.answer({ after: 'c2' }, { items: names(1), next: null });
    expect(shownNames()).toEqual(['Name 5', 'Name 4', 'Name 3', 'Name 2', 'Name 1']);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    // The button the keyboard was on is gone: the focus goes to the count, not back to the page's top.
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 5 names.');
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('drops a late first page of an older search, and a next page begun before the search changed', async () => {
    const server = pendingServer();
    render(<Names load={server.load} />);
    await server.answer({ search: '' }, { items: names(9, 8), next: 'c8' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more names' }));

    await userEvent.click(screen.getByRole('button', { name: 'Search a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search ab' }));
    await server.answer({ search: 'ab' }, { items: names(7), next: null });
    expect(shownNames()).toEqual(['Name 7']);
    // Answered after the newer search: neither the old first page nor the old next page shows.
    await server.answer({ search: 'a' }, { items: names(6, 5), next: null });
    await server.answer({ search: '', after: 'c8' }, { items: names(4), next: null });
    expect(shownNames()).toEqual(['Name 7']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 1 name.');
  });

  it('keeps the rows when "Load more" fails, says why, and the same button tries again', async () => {
    const server = pendingServer();
    render(<Names load={server.load} />);
    await server.answer({}, { items: names(3), next: 'c3' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more names' }));
    await act(async () => server.asked.shift()!.fail(new Error('Database unavailable')));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('More names could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(shownNames()).toEqual(['Name 3']);

    await userEvent.click(screen.getByRole('button', { name: 'Load more names' }));
    await server.answer({ after: 'c3' }, { items: names(2), next: null });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shownNames()).toEqual(['Name 3', 'Name 2']);
  });

  it('puts a new item on top, changes one in place and removes one, asking the server nothing', async () => {
    const server = pendingServer();
    render(<Names load={server.load} />);
    await server.answer({}, { items: names(2, 1), next: 'c1' });
    await userEvent.click(screen.getByRole('button', { name: 'Add 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rename 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove 1' }));
    expect(shownNames()).toEqual(['Name 3', 'Renamed 2']);
    expect(server.asked).toHaveLength(0);
    // The next page still starts after the last row the server handed out.
    await userEvent.click(screen.getByRole('button', { name: 'Load more names' }));
    expect(server.asked[0]?.after).toBe('c1');
  });
});

function SavedNames({ load }: { load: () => Promise<KeysetPage<Name>> }) {
  const list = usePagedList(load, []);
  return (
    <ResourceState resource={list.resource} what="the names" errorText={() => 'no'}>
      {(items) => <p>{items.map((item) => item.name).join(', ')}</p>}
    </ResourceState>
  );
}

describe('a paged list shown from its saved copy', () => {
  it('is marked with when it was saved, and replaced by the latest once back online', async () => {
    let online = false;
    const listeners = new Set<() => void>();
    const network: NetworkStatus = {
      online: () => online,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const saved: KeysetPage<Name> = { items: names(1), next: null };
    const load = () => Promise.resolve(online ? { items: names(1, 2), next: null } : saved);
    render(
      <NetworkStatusProvider value={network}>
        <SavedCopiesProvider value={{ savedAt: (data) => (data === saved.items ? Date.now() - 60_000 : null) }}>
          <SavedNames load={load} />
        </SavedCopiesProvider>
      </NetworkStatusProvider>,
    );
    expect(await screen.findByText('Name 1')).toBeInTheDocument();
    expect(screen.getByText('Saved 1 minute ago')).toBeInTheDocument();

    online = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(await screen.findByText('Name 1, Name 2')).toBeInTheDocument();
    expect(screen.queryByText(/^Saved /)).not.toBeInTheDocument();
  });
});
