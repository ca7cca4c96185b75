/** The exact text of the update prompt. */
export const UPDATE_PROMPT = 'New content available. Reload?';
export const OFFLINE_READY_LOG = 'Kloof Digital is ready to work offline.';

/**
 * A worker's lifecycle event as workbox-window fires it. `isUpdate` is set only for a worker that
 * instance registered itself while another controlled the page; one found later (an update check
 * after a minute, a second deploy while the page stays open) comes as `isExternal`, without it.
 */
export interface WorkerEvent {
  isUpdate?: boolean;
  isExternal?: boolean;
  sw?: ServiceWorker;
}

/** The parts of workbox-window's Workbox the update flow uses. */
export interface WorkboxLike {
  addEventListener(
    type: 'installed' | 'activated' | 'waiting' | 'controlling',
    listener: (event: WorkerEvent) => void,
  ): void;
  messageSkipWaiting(): void;
}

export interface UpdateFlowDeps {
  /** Asks the user; calls `accept` when they confirm. */
  askToReload: (accept: () => void) => void;
  reload: () => void;
  log: (message: string) => void;
  /** Whether another worker was already active when `installed` is the given one (it replaces it). */
  replacesActiveWorker: (installed: ServiceWorker | undefined) => boolean;
}

/**
 * The first install only logs that the site works offline (an update never does); an update that
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

  // Updates, told by the worker they replace: workbox-window marks only some of them isUpdate.
  const updates = new WeakSet<ServiceWorker>();
  let updateWithoutWorker = false;
  workbox.addEventListener('installed', (event) => {
    const update = event.isUpdate === true || deps.replacesActiveWorker(event.sw);
    if (!update) deps.log(OFFLINE_READY_LOG);
    else if (event.sw) updates.add(event.sw);
    else updateWithoutWorker = true;
  });
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate || (event.sw ? updates.has(event.sw) : updateWithoutWorker)) reloadOnce();
  });
  workbox.addEventListener('waiting', () => {
    deps.askToReload(() => {
      workbox.addEventListener('controlling', reloadOnce);
      workbox.messageSkipWaiting();
    });
  });
}
