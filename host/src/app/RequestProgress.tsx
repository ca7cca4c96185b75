import { useSyncExternalStore } from 'react';
import { requestActivity } from '@kloof/api-client';

/** The server and a hydrating browser render no request in flight. */
const noRequests = (): number => 0;

/** A thin bar at the top while any API request of any page is in flight. */
export function RequestProgress() {
  const inFlight = useSyncExternalStore(requestActivity.subscribe, requestActivity.current, noRequests);
  if (inFlight === 0) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading data"
      data-testid="request-progress"
      css={(theme) => ({
        position: 'fixed',
        insetInline: 0,
        top: 0,
        height: '3px',
        zIndex: 100,
        background: theme.colors.primary,
      })}
    />
  );
}
