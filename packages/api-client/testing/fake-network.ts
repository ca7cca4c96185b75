import { createConnectivity, type Connectivity, type ConnectivityEnv } from '../src/connectivity/connectivity';

/** A connectivity store driven by hand (tests): the browser's claim, the worker's reports, the probe's answer. */
export interface FakeNetwork {
  store: Connectivity;
  browserSays(online: boolean): void;
  workerSays(reachable: boolean): void;
  /** The person comes back to the page (focus, the tab shown again). */
  personReturns(): void;
  /** What the next probes answer. */
  serverAnswers(answers: boolean): void;
  /** Runs the pending probe timer, if any; returns its delay. */
  runTimer(): Promise<number | null>;
  probes(): number;
}

export function fakeNetwork(browserOnline = true): FakeNetwork {
  let online = browserOnline;
  let answers = true;
  let probes = 0;
  let timer: { run: () => void; ms: number } | null = null;
  let handlers: Parameters<ConnectivityEnv['listen']>[0] | undefined;
  const store = createConnectivity({
    isOnline: () => online,
    listen: (given) => {
      handlers = given;
      return () => undefined;
    },
    probe: async () => {
      probes += 1;
      return answers;
    },
    setTimer: (run, ms) => {
      timer = { run, ms };
      return () => {
        timer = null;
      };
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    store,
    browserSays(next) {
      online = next;
      if (next) handlers?.online();
      else handlers?.offline();
    },
    workerSays(reachable) {
      if (reachable) handlers?.reachable();
      else handlers?.unreachable();
    },
    personReturns() {
      handlers?.attention();
    },
    serverAnswers(next) {
      answers = next;
    },
    async runTimer() {
      const pending = timer;
      if (!pending) return null;
      timer = null;
      pending.run();
      await settle();
      return pending.ms;
    },
    probes: () => probes,
  };
}
