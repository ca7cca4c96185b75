import { releasesApi, type ReleaseApp, type ReleaseChange } from '@kloof/api-client';

/** A change the console offers on an app, and what it asks for beside the reason. */
export type ReleaseActionKind = 'promote' | 'abort' | 'share' | 'rollback';

export interface ReleaseActionInput {
  reason: string;
  /** rollback: a named version ('' = the previous one). */
  version: string;
  /** share: a whole percent, as typed. */
  share: string;
}

/** What each action is called, and when it applies: a canary's actions need a canary, a rollback a stable version. */
export const RELEASE_ACTIONS: Record<
  ReleaseActionKind,
  {
    label: string;
    applies: (app: ReleaseApp) => boolean;
    run: (app: string, input: ReleaseActionInput) => Promise<ReleaseChange>;
  }
> = {
  promote: {
    label: 'Promote canary',
    applies: (app) => app.canary !== null,
    run: (app, { reason }) => releasesApi.promote(app, reason),
  },
  abort: {
    label: 'Abort canary',
    applies: (app) => app.canary !== null,
    run: (app, { reason }) => releasesApi.abort(app, reason),
  },
  share: {
    label: 'Change share',
    applies: (app) => app.canary !== null,
    run: (app, { reason, share }) => releasesApi.share(app, reason, Number(share)),
  },
  rollback: {
    label: 'Roll back',
    applies: (app) => app.canary === null && app.stable !== null,
    run: (app, { reason, version }) => releasesApi.rollBack(app, reason, version.trim() || undefined),
  },
};

/** The reason's rule, as the API states it: one line of 3 to 500 characters. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < 3) return 'Say why, in a few words (it goes into the release history)';
  if (text.length > 500) return 'Keep the reason under 500 characters';
  return null;
}

/** A share is a whole percent from 1 to 99 (0 is no canary, 100 a promote). */
export function shareProblem(share: string): string | null {
  return /^\d{1,2}$/.test(share.trim()) && Number(share) >= 1 ? null : 'A whole percent from 1 to 99';
}
