/** The exact text of the update prompt. */
export const UPDATE_PROMPT = 'New content available. Reload?';
export const OFFLINE_READY_LOG = 'Kloof Digital is ready to work offline.';

/** The parts of workbox-window's Workbox the update flow uses. */
export interface WorkboxLike {
  addEventListener(
    type: 'installed' | 'activated' | 'waiting' | 'controlling',
    listener: (event: { isUpdate?: boolean }) => void,
  ): void;
  messageSkipWaiting(): void;
}

export interface UpdateFlowDeps {
  /** Asks the user; calls `accept` when they confirm. */
  askToReload: (accept: () => void) => void;
  reload: () => void;
  log: (message: string) => void;
}

/**
 * The first install only logs that the site works offline; an update that
 * activates reloads the page; an update that waits asks 'New content available. Reload?' and,
 * when confirmed, takes over (skip waiting) and reloads once it controls the page.
 */
export function wireUpdateFlow(workbox: WorkboxLike, deps: UpdateFlowDeps): void {
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    deps.reload();
  };

  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) deps.log(OFFLINE_READY_LOG);
  });
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate) reloadOnce();
  });
  workbox.addEventListener('waiting', () => {
    deps.askToReload(() => {
      workbox.addEventListener('controlling', reloadOnce);
      workbox.messageSkipWaiting();
    });
  });
}
