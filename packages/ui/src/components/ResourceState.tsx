/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import type { Resource } from '../hooks/use-resource';
import { useOnline } from '../network/network-status';
import { useSavedAt } from '../network/saved-copies';
import { ErrorNotice } from './ErrorNotice';
import { SavedAt } from './SavedAt';
import { Spinner } from './Spinner';

/**
 * How the spinner and the error name what loads: `what` as it reads after "Loading" (e.g. "your
 * passkeys": "Loading your passkeys", "Your passkeys could not be loaded"), or both texts in full.
 */
type Labels =
  | { what: string; loadingLabel?: never; errorTitle?: never }
  | { what?: never; loadingLabel: string; errorTitle: string };

type Props<T> = Labels & {
  resource: Resource<T>;
  /** The error's text for people (the caller knows how to read API errors). */
  errorText: (error: unknown) => string;
  children: (data: T) => ReactNode;
  /** For a failure no retry can fix (e.g. not found): what to show instead of the error and Try again. */
  final?: (error: unknown) => ReactNode | null;
  /** What to show instead of the content when the data is an empty list (or a page with no items). */
  empty?: ReactNode;
};

function labelsOf({ what, loadingLabel, errorTitle }: Labels): { loading: string; error: string } {
  if (what === undefined) return { loading: loadingLabel, error: errorTitle };
  return { loading: `Loading ${what}`, error: `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded` };
}

/** An empty list, or an empty page of one ({ items: [] }): the two shapes list endpoints answer with. */
function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.length === 0;
}

/** Offline, a failed load says so and that it comes by itself: the error's own text would only be the HTTP layer's. */
export const OFFLINE_LOAD_TEXT = 'You are offline. This loads by itself when you are back online.';

/** Spinner while the first load runs, the error with a retry when it failed, else the content (marked when it is the copy saved for offline). */
export function ResourceState<T>({ resource, errorText: explain, children, final, empty, ...labels }: Props<T>) {
  const online = useOnline();
  const { loading: loadingLabel, error: errorTitle } = labelsOf(labels);
  const errorText = (error: unknown) => (online ? explain(error) : OFFLINE_LOAD_TEXT);
  const savedAt = useSavedAt(resource.data);
  if (resource.data === undefined) {
    const instead = resource.error ? final?.(resource.error) : null;
    if (instead) return <>{instead}</>;
    if (resource.error) {
      return (
        <ErrorNotice title={errorTitle} onRetry={resource.reload}>
          {errorText(resource.error)}
        </ErrorNotice>
      );
    }
    return <Spinner label={loadingLabel} />;
  }
  return (
    <>
      {resource.error ? (
        <div css={{ marginBottom: '1rem' }}>
          <ErrorNotice title={errorTitle} onRetry={resource.reload}>
            {errorText(resource.error)}
          </ErrorNotice>
        </div>
      ) : null}
      {savedAt !== null ? <SavedAt at={savedAt} /> : null}
      {empty !== undefined && isEmptyList(resource.data) ? empty : children(resource.data)}
    </>
  );
}
