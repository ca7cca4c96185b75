/** Messages between the service worker and its pages about the network (no DOM or worker APIs here). */

/** Worker -> page: a request of yours failed on the network; you got a cached copy or nothing. */
export const NETWORK_UNREACHABLE = 'kloof-network-unreachable';
/** Worker -> page: the network answers again. */
export const NETWORK_REACHABLE = 'kloof-network-reachable';
/** Page -> worker, at start: how was the network when you last tried? (Its answer is one of the two above.) */
export const NETWORK_QUERY = 'kloof-network-query';
