import { Suspense, useEffect, useMemo, useState } from 'react';
import { sendEarlySubmit } from './early-submit';
import { PageSkeleton } from '@kloof/ui';
import { reloadRemote } from './remote-registry';
import { remoteId } from './remote-id';
import { remotePage } from './remote-module';
import { loadedPage } from './loaded-pages';
import { reportRemoteFailure } from './remote-telemetry';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { PageLoadFailed } from './PageLoadFailed';

interface Props {
  remote: string;
  module: string;
}

/**
 * Mounted beside the page, inside its Suspense boundary: its effect runs once the page is rendered
 * or hydrated, with its forms' handlers in place, so a form sent before that goes to them now.
 */
function PageReady() {
  useEffect(sendEarlySubmit, []);
  return null;
}

/** One page of a remote, with its own loading state and a retry when the remote is down. */
export function RemotePage({ remote, module }: Props) {
  const id = remoteId(remote, module);
  const [attempt, setAttempt] = useState(0);
  // remotePage caches per id and attempt, so the component is stable across renders.
  const Page = useMemo(() => remotePage(id, attempt), [id, attempt]);

  const retry = (): void => {
    void reloadRemote(remote).then(() => setAttempt((n) => n + 1));
  };

  return (
    <ErrorBoundary
      key={`${id}#${attempt}`}
      label="Remote page"
      fallback={<PageLoadFailed retry={retry} />}
      // Load failures are reported where the page is downloaded; this is a page that threw.
      onError={() => loadedPage(id) && reportRemoteFailure(id, 'render-error')}
    >
      <Suspense fallback={<PageSkeleton label="Loading page" />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per id and attempt, stable across renders */}
        <Page />
        <PageReady />
      </Suspense>
    </ErrorBoundary>
  );
}
