/** The performance budgets of issue 9, in gzip bytes of JavaScript. */
export const budgets = {
  /** First load of `/`, everything it downloads. */
  homeFirstLoadBytes: 170 * 1024,
  /** Federated / monolith JS bytes on `/`. */
  federationOverhead: 1.15,
  /** Any page of a remote, beyond what the host already loaded. */
  remotePageBytes: 60 * 1024,
} as const;
