import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useResource, type Resource } from '@kloof/ui';

/** What a keyset list answers: its rows and the cursor of the page after (null on the last). */
export interface CursorPage<T> {
  items: T[];
  next: string | null;
}

export interface CursorList<T> {
  /** The first page and every page loaded after it, as one list (loading, error and retry of the first). */
  list: Resource<CursorPage<T>>;
  /** Loads the page after the rows shown and adds it to them. */
  loadMore: () => Promise<void>;
  loadingMore: boolean;
  /** Why the last "load more" failed (the rows shown stay). */
  moreError: unknown;
}

/**
 * A keyset list for the admin screens: the first page when `deps` change, then one more page per
 * call. A page that comes back after `deps` changed is dropped.
 */
export function useCursorList<T>(
  fetchPage: (after: string | undefined) => Promise<CursorPage<T>>,
  deps: DependencyList,
): CursorList<T> {
  const list = useResource(() => fetchPage(undefined), deps);
  // "Load more" state belongs to one set of deps: a new search starts without it.
  const key = JSON.stringify(deps);
  const [more, setMore] = useState<{ key: string; loading: boolean; error: unknown }>({
    key,
    loading: false,
    error: null,
  });
  const latestKey = useRef(key);
  useEffect(() => {
    latestKey.current = key;
  }, [key]);

  const { data, setData } = list;
  const loadMore = useCallback(async () => {
    if (!data?.next) return;
    setMore({ key, loading: true, error: null });
    try {
      const page = await fetchPage(data.next);
      if (latestKey.current === key) setData({ items: [...data.items, ...page.items], next: page.next });
      setMore({ key, loading: false, error: null });
    } catch (error) {
      setMore({ key, loading: false, error });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fetchPage` changes with the deps, which `key` stands for
  }, [data, setData, key]);

  const current = more.key === key;
  return { list, loadMore, loadingMore: current && more.loading, moreError: current ? more.error : null };
}
