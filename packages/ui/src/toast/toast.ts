import type * as Sonner from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * The product's toast function: sonner's call shapes, without sonner in the first load.
 * The first toast downloads sonner (this file holds the only run-time import of it) and makes
 * AppToaster render sonner's Toaster. Calls made before that Toaster is mounted and subscribed
 * wait in a queue and are delivered in order once it is. @kloof/ui is a federated singleton, so
 * host and remotes share this one queue.
 */

type SonnerModule = typeof Sonner;
type Message = Parameters<typeof Sonner.toast>[0];
type ToastId = string | number;
type Kind = 'default' | 'success' | 'info' | 'warning' | 'error' | 'loading';
type Show = (message: Message, data?: ExternalToast) => ToastId;

interface QueuedToast {
  kind: Kind;
  message: Message;
  data: ExternalToast & { id: ToastId };
}

let sonner: SonnerModule | null = null;
let loading: Promise<SonnerModule> | null = null;
let mountedToasters = 0;
let queuedIds = 0;
const queue: QueuedToast[] = [];
const listeners = new Set<() => void>();

/**
 * Never the same words twice at once: the text of every toast on screen (or queued) -> its id.
 * A toast whose text matches one on screen (ignoring case and end punctuation, so 'Your login has
 * expired' and 'Your Login has expired.' count as one) updates that toast in place instead of
 * stacking a copy, and its timer starts again.
 */
const onScreen = new Map<string, ToastId>();
/** A caller's own id -> the id of the toast its words were merged into, so dismiss(id) still works. */
const aliases = new Map<ToastId, ToastId>();

function textKey(message: Message): string | null {
  if (typeof message !== 'string') return null;
  return (
    message
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/[.!?…]+$/, '')
      .toLowerCase() || null
  );
}

function forget(id: ToastId): void {
  for (const [key, shown] of onScreen) if (shown === id) onScreen.delete(key);
  for (const [own, merged] of aliases) if (merged === id || own === id) aliases.delete(own);
}

/** The id a toast is shown under, and the options that forget its words once it closes. */
function placed(
  message: Message,
  data: ExternalToast | undefined,
  fallbackId: () => ToastId,
): ExternalToast & { id: ToastId } {
  const key = textKey(message);
  const existing = key === null ? undefined : onScreen.get(key);
  const id = existing ?? data?.id ?? (key === null ? fallbackId() : `toast:${key}`);
  if (data?.id !== undefined && data.id !== id) aliases.set(data.id, id);
  if (key === null) return { ...data, id };
  // Merged into a toast on screen: its own duration and close button go, the new call's apply.
  const merged = existing === undefined ? {} : { duration: undefined, closeButton: undefined, description: undefined };
  for (const [other, shown] of onScreen) if (shown === id && other !== key) onScreen.delete(other);
  onScreen.set(key, id);
  const closed = (): void => {
    if (onScreen.get(key) === id) forget(id);
  };
  return {
    ...merged,
    ...data,
    id,
    onDismiss: (shown) => {
      closed();
      data?.onDismiss?.(shown);
    },
    onAutoClose: (shown) => {
      closed();
      data?.onAutoClose?.(shown);
    },
  };
}

/** Downloads sonner once; a failed download (offline) is tried again by the next toast. */
export function loadSonner(): Promise<SonnerModule> {
  if (sonner) return Promise.resolve(sonner);
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** For AppToaster (useSyncExternalStore): sonner once downloaded, else null. */
export function loadedSonner(): SonnerModule | null {
  return sonner;
}

export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function deliver(
  loaded: SonnerModule,
  { kind, message, data }: Pick<QueuedToast, 'kind' | 'message'> & { data?: ExternalToast },
): ToastId {
  return kind === 'default' ? loaded.toast(message, data) : loaded.toast[kind](message, data);
}

function flush(): void {
  while (sonner && mountedToasters > 0 && queue.length > 0) deliver(sonner, queue.shift()!);
}

/**
 * Called by AppToaster once sonner's Toaster has subscribed to sonner's toast state: the queue
 * is delivered now, not before, so no early toast depends on sonner replaying it. Returns the
 * unmount cleanup.
 */
export function toasterSubscribed(): () => void {
  mountedToasters += 1;
  flush();
  return () => {
    mountedToasters -= 1;
  };
}

function show(kind: Kind): Show {
  return (message, options) => {
    // The id is fixed now, so the caller can update or dismiss the toast before it is shown.
    const data = placed(message, options, () => `queued-toast-${++queuedIds}`);
    if (sonner && mountedToasters > 0) return deliver(sonner, { kind, message, data });
    // A queued toast with the same id is replaced, as sonner would replace a shown one.
    const queuedAt = queue.findIndex((queued) => queued.data.id === data.id);
    if (queuedAt >= 0) queue.splice(queuedAt, 1);
    queue.push({ kind, message, data });
    loadSonner().catch((error: unknown) => {
      console.warn('Could not load the toast library; the toast is shown when a later one loads it.', error);
    });
    return data.id;
  };
}

/** Dismisses one toast (by id) or all of them, shown or still queued. */
function dismiss(ownId?: ToastId): void {
  const id = ownId === undefined ? undefined : (aliases.get(ownId) ?? ownId);
  for (let i = queue.length - 1; i >= 0; i -= 1) {
    if (id === undefined || queue[i]!.data.id === id) queue.splice(i, 1);
  }
  if (id === undefined) {
    onScreen.clear();
    aliases.clear();
  } else forget(id);
  sonner?.toast.dismiss(id);
}

export const toast: Show & {
  success: Show;
  info: Show;
  warning: Show;
  error: Show;
  loading: Show;
  dismiss: (id?: ToastId) => void;
} = Object.assign(show('default'), {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  loading: show('loading'),
  dismiss,
});
