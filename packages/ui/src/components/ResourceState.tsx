/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import type { Resource } from '../hooks/use-resource';
import { useOnline } from '../network/network-status';
import { ErrorNotice } from './ErrorNotice';
import { Spinner } from './Spinner';

interface Props<T> {
  resource: Resource<T>;
  /** Screen-reader text of the spinner, e.g. "Loading workspaces". */
  loadingLabel: string;
  /** Heading of the error, e.g. "Your workspaces could not be loaded". */
  errorTitle: string;
  /** The error's text for people (the caller knows how to read API errors). */
  errorText: (error: unknown) => string;
  children: (data: T) => ReactNode;
  /** For a failure no retry can fix (e.g. not found): what to show instead of the error and Try again. */
  final?: (error: unknown) => ReactNode | null;
  /** What to show instead of the content when the data is an empty list (or a page with no items). */
  empty?: ReactNode;
}

/** An empty list, or an empty page of one ({ items: [] }): the two shapes list endpoints answer with. */
function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.length === 0;
}

/** Offline, a failed load says so and that it comes by itself: the error's own text would only be the HTTP layer's. */
export const OFFLINE_LOAD_TEXT = 'You are offline. This loads by itself when you are back online.';

/** Spinner while the first load runs, the error with a retry when it failed, else the content. */
export function ResourceState<T>({
  resource,
  loadingLabel,
  errorTitle,
  errorText: explain,
  children,
  final,
  empty,
}: Props<T>) {
  const online = useOnline();
  const errorText = (error: unknown) => (online ? explain(error) : OFFLINE_LOAD_TEXT);
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
      {empty !== undefined && isEmptyList(resource.data) ? empty : children(resource.data)}
    </>
  );
}
