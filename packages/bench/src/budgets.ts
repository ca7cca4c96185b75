/** The performance budgets of issue 9, in gzip bytes of JavaScript. */
export const budgets = {
  /** First load of `/`, everything it downloads. */
  homeFirstLoadBytes: 170 * 1024,
  /**
   * Federated / monolith JS bytes on `/`. Not reachable with Module Federation 2: its runtime
   * alone (host runtime and one remote entry, ~33 KB) is more than 15% of the monolith (~116 KB).
   */
  federationOverhead: 1.15,
  /**
   * What a build may not exceed meanwhile (1.34x measured when it was set): a duplicated
   * shared library or a grown runtime fails a test instead of going unnoticed.
   */
  federationOverheadCeiling: 1.37,
  /** Any page of a remote, beyond what the host already loaded. */
  remotePageBytes: 60 * 1024,
} as const;
