import { defineEndpoints } from './define';

// Admins read, SuperAdmins and verified system users change: the releases module checks which.
const operators = { access: 'verified', tags: ['releases', 'admin', 'system'] } as const;
/** A change: the role, a fresh proof and a reason; refused (409) when the release tool refuses it. */
const change = {
  ...operators,
  method: 'POST',
  params: 'ReleaseAppParams',
  response: { 200: 'ReleaseChange' },
  errors: [400, 401, 403, 404, 409],
} as const;

/** The releases console: what is live, its history, and the release tool's changes (issue 43). */
export const releases = defineEndpoints({
  getReleases: {
    ...operators,
    method: 'GET',
    path: '/releases',
    summary:
      'Per app the stable, canary (with its share), previous and last-known-good versions, and live release sets',
    response: { 200: 'ReleasesOverview' },
    errors: [401, 403],
  },
  listReleaseHistory: {
    ...operators,
    method: 'GET',
    path: '/releases/history',
    summary: 'Who released what, when and why: newest first, a page at a time',
    querystring: 'ReleaseHistoryQuery',
    response: { 200: 'ReleaseHistoryPage' },
    errors: [400, 401, 403],
  },
  getReleaseHealth: {
    ...operators,
    method: 'GET',
    path: '/releases/:app/health',
    summary: "One app's versions over time: page loads, error rate, LCP/INP/CLS p75, with its stable and canary",
    params: 'ReleaseAppParams',
    querystring: 'ReleaseHealthQuery',
    response: { 200: 'ReleaseHealth' },
    errors: [400, 401, 403, 404],
  },
  promoteCanary: {
    ...change,
    path: '/releases/:app/promote',
    summary: "Make the app's running canary (a release set's: all of it) the stable version",
    body: 'ReleaseActionBody',
  },
  rollBackRelease: {
    ...change,
    path: '/releases/:app/rollback',
    summary: 'Abort a running canary, else back to the previous or a named version',
    body: 'ReleaseRollbackBody',
  },
  abortCanary: {
    ...change,
    path: '/releases/:app/abort',
    summary: "Stop the app's running canary (a release set's: all of it)",
    body: 'ReleaseActionBody',
  },
  setCanaryShare: {
    ...change,
    path: '/releases/:app/canary-share',
    summary: 'Send the running canary to another share of browsers',
    body: 'CanaryShareBody',
  },
});
