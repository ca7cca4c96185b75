import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { useSavedAt } from '../network/saved-copies';
import { useRetryWhenOnline } from './use-retry-when-online';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (after a change, or as the retry of a failed load). */
  reload: () => void;
  /** Replaces the data in place, e.g. after a successful update. */
  setData: (data: T) => void;
}

/**
 * Data a page loads from the API: loading, error and data states, reloaded when `deps` change,
 * and after a failed load, again by itself when the network comes back. A late answer for old
 * deps is dropped.
 */
export function useResource<T>(load: () => Promise<T>, deps: DependencyList): Resource<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    load().then(
      (data) => {
        if (active) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (active) setState((current) => ({ data: current.data, error, loading: false }));
      },
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on
  }, [...deps, attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, loading: true }));
    setAttempt((n) => n + 1);
  }, []);
  const setData = useCallback((data: T) => setState({ data, error: null, loading: false }), []);

  // A saved copy shown offline is replaced by the latest once the network is back, as a failed load is.
  const showsSavedCopy = useSavedAt(state.data) !== null;
  useRetryWhenOnline(Boolean(state.error) || showsSavedCopy, reload);

  return { ...state, reload, setData };
}
