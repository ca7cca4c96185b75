import { endpoints } from '@kloof/api-contract/endpoints';
import type { ReleaseHistoryQuery } from '@kloof/api-contract';
import { call } from '../call';

const { releases } = endpoints;

/** The releases console: what is live, its history, and the release tool's changes (each with a reason). */
export const releasesApi = {
  overview: () => call(releases.getReleases, {}),
  history: (query: ReleaseHistoryQuery = {}) => call(releases.listReleaseHistory, { query }),
  health: (app: string, since?: string) =>
    call(releases.getReleaseHealth, { params: { app }, query: since ? { since } : {} }),
  promote: (app: string, reason: string) => call(releases.promoteCanary, { params: { app }, body: { reason } }),
  rollBack: (app: string, reason: string, version?: string) =>
    call(releases.rollBackRelease, { params: { app }, body: { reason, ...(version ? { version } : {}) } }),
  abort: (app: string, reason: string) => call(releases.abortCanary, { params: { app }, body: { reason } }),
  share: (app: string, reason: string, share: number) =>
    call(releases.setCanaryShare, { params: { app }, body: { reason, share } }),
};
