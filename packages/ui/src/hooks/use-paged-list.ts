import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useSavedAt } from '../network/saved-copies';
import { useRetryWhenOnline } from './use-retry-when-online';
import type { Resource } from './use-resource';

/** One keyset page as the API answers it: its rows and the cursor of the next (null on the last). */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** The "Load more" side of a paged list. */
export interface MorePages {
  /** The server said there is another page. */
  available: boolean;
  loading: boolean;
  /** Why the last "Load more" failed (null when it did not); the loaded rows stay. */
  error: unknown;
  load: () => void;
}

export interface PagedList<T> {
  /** The first page, as ResourceState shows it (spinner, error and retry, empty), with every page loaded since in `data`. */
  resource: Resource<T[]>;
  more: MorePages;
  /** A new item on top (it is the newest), unless it is already shown. */
  prepend: (item: T) => void;
  /** An item changed in place. */
  replace: (item: T) => void;
  remove: (id: string) => void;
}

interface State<T> {
  items: T[] | undefined;
  next: string | null;
  error: unknown;
  loading: boolean;
  moreLoading: boolean;
  moreError: unknown;
}

const initial = { items: undefined, next: null, error: null, loading: true, moreLoading: false, moreError: null };

/**
 * A long list a page at a time: the first page when `deps` change (a late answer for old deps, or
 * a "Load more" begun before they changed, is dropped), the next one on `more.load`, each row once.
 * Created, changed and deleted items are applied in place, so the list needs no reload for them.
 * A first page that failed is tried again by itself when the network comes back.
 */
export function usePagedList<T extends { id: string }>(
  loadPage: (after: string | undefined) => Promise<KeysetPage<T>>,
  deps: DependencyList,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(initial);
  const [attempt, setAttempt] = useState(0);
  // Bumped for every first page: an answer that carries an older number belongs to other deps.
  const generation = useRef(0);
  // The generation a "Load more" is on its way for (-1: none), so a second press asks nothing.
  const moreFor = useRef(-1);

  useEffect(() => {
    const mine = ++generation.current;
    loadPage(undefined).then(
      (page) => {
        if (generation.current !== mine) return;
        setState({ ...initial, items: page.items, next: page.next, loading: false });
      },
      (error: unknown) => {
        if (generation.current !== mine) return;
        setState((current) => ({ ...current, error, loading: false }));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `loadPage` depends on
  }, [...deps, attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, loading: true }));
    setAttempt((n) => n + 1);
  }, []);

  const loadMore = (): void => {
    const mine = generation.current;
    if (!state.next || !state.items || moreFor.current === mine) return;
    moreFor.current = mine;
    setState((current) => ({ ...current, moreLoading: true, moreError: null }));
    loadPage(state.next).then(
      (page) => {
        if (generation.current !== mine) return;
        moreFor.current = -1;
        setState((current) => {
          const shown = new Set((current.items ?? []).map((item) => item.id));
          const fresh = page.items.filter((item) => !shown.has(item.id));
          return { ...current, items: [...(current.items ?? []), ...fresh], next: page.next, moreLoading: false };
        });
      },
      (moreError: unknown) => {
        if (generation.current !== mine) return;
        moreFor.current = -1;
        setState((current) => ({ ...current, moreLoading: false, moreError }));
      },
    );
  };

  const edit = (change: (items: T[]) => T[]): void =>
    setState((current) => (current.items ? { ...current, items: change(current.items) } : current));

  // A saved copy shown offline is replaced by the latest once the network is back, as a failed load is.
  const showsSavedCopy = useSavedAt(state.items) !== null;
  useRetryWhenOnline(Boolean(state.error) || showsSavedCopy, reload);

  return {
    resource: {
      data: state.items,
      error: state.error,
      loading: state.loading,
      reload,
      setData: (items) => setState((current) => ({ ...current, items, error: null, loading: false })),
    },
    more: { available: state.next !== null, loading: state.moreLoading, error: state.moreError, load: loadMore },
    prepend: (item) => edit((items) => (items.some((i) => i.id === item.id) ? items : [item, ...items])),
    replace: (item) => edit((items) => items.map((i) => (i.id === item.id ? item : i))),
    remove: (id) => edit((items) => items.filter((i) => i.id !== id)),
  };
}
