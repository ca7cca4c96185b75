import pg from 'pg';

/** The channel migration 0005's triggers announce user and session changes on. */
export const AUTH_CHANNEL = 'kloof_auth';
const RETRY_MS = 500;

export interface AuthNotifications {
  stop(): Promise<void>;
}

export interface AuthChangeHandlers {
  onChange(userId: string): void;
  onListening(listening: boolean): void;
}

/**
 * Listens on PostgreSQL for changes to users and sessions made by anyone (other instances, CLIs):
 * `onChange(userId)` for each. `onListening(false)` whenever the connection is lost (changes may
 * then go unheard: the cache must not be trusted) and `onListening(true)` once listening again.
 */
export function listenForAuthChanges(connectionString: string, handlers: AuthChangeHandlers): AuthNotifications {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    if (stopped || !client) return;
    handlers.onListening(false);
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    client = null;
    retry = setTimeout(connect, RETRY_MS);
    retry.unref();
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    const next = new pg.Client({ connectionString, keepAlive: true });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL && message.payload) handlers.onChange(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${AUTH_CHANNEL}`);
      if (client === next && !stopped) handlers.onListening(true);
    } catch {
      if (client === next) lost();
    }
  };

  handlers.onListening(false);
  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}
