import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createAccount, type Account } from '@kloof/test-kit/e2e';
import { apiServerEnv, e2e } from '@kloof/test-kit/e2e/environment';
import {
  freePort,
  startWorkspaceCommand,
  waitForUrls,
  type WorkspaceCommand,
} from '@kloof/test-kit/e2e/workspace-command';
import { scaled } from '@kloof/test-kit/slowdown';

export interface ManyItemsSite {
  baseUrl: string;
  apiUrl: string;
  /** The client who owns every seeded item. */
  account: Account;
  stop(): Promise<void>;
}

/** The name of the n-th seeded workspace (1 is the oldest): fixed width, so one name never holds another. */
export const seededWorkspaceName = (n: number): string => `Workspace ${String(n).padStart(5, '0')}`;

/**
 * The production web server and an API on a PGlite folder of their own, where one client owns
 * `count` workspaces, as many projects (one in each) and as many links (one in each project).
 * The rows go straight into the database while the API is stopped (PGlite has one writer), one
 * minute apart so "newest first" is the reverse of their numbers: through the API this would be
 * 30,000 requests.
 */
export async function startManyItemsSite(count: number): Promise<ManyItemsSite> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}/v1`;
  const dataDir = path.join(os.tmpdir(), `kloof-e2e-many-${randomUUID()}`);
  const apiEnv = {
    ...apiServerEnv(),
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    SITE_URL: baseUrl,
    CORS_ORIGINS: baseUrl,
  };
  const started: WorkspaceCommand[] = [];
  const stop = async () => {
    await Promise.all(started.splice(0).map((command) => command.stop()));
  };
  const startApi = async () => {
    const api = startWorkspaceCommand(['--filter', '@kloof/api-server', 'start'], apiEnv);
    started.push(api);
    await waitForUrls([`${apiUrl}/health`], api, scaled(120_000));
  };
  try {
    await startApi();
    const account = await createAccount({ apiUrl });
    await stop();
    await seedItems(dataDir, account.email, count);
    await startApi();
    const web = startWorkspaceCommand(['--filter', '@kloof/web-server', 'serve'], {
      PORT: String(webPort),
      API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
      TELEMETRY_SECRET: e2e.telemetrySecret,
    });
    started.push(web);
    await waitForUrls([`${baseUrl}/registry.json`], web, scaled(60_000));
    return {
      baseUrl,
      apiUrl,
      account,
      stop: async () => {
        await stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Workspace n holds project n, which holds link n; item n was made n minutes after 2026-01-01. */
async function seedItems(dataDir: string, email: string, count: number): Promise<void> {
  const db = await PGlite.create({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>('select id from users where email = $1', [email]);
      const ownerId = rows[0]?.id;
      if (!ownerId) throw new Error(`No user ${email} to seed items for`);
      await tx.query(
        `create temporary table seeded on commit drop as
           select n, gen_random_uuid() as workspace_id, gen_random_uuid() as project_id,
                  timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute' as at
           from generate_series(1, $1::int) as n`,
        [count],
      );
      await tx.query(
        `insert into workspaces (id, owner_id, name, description, created_at, updated_at)
         select workspace_id, $1, 'Workspace ' || lpad(n::text, 5, '0'), 'Seeded workspace ' || n, at, at
         from seeded`,
        [ownerId],
      );
      await tx.query(
        `insert into projects (id, workspace_id, name, description, status, created_at, updated_at)
         select project_id, workspace_id, 'Project ' || lpad(n::text, 5, '0'), '',
                (array['planning', 'active', 'on_hold', 'completed'])[1 + n % 4], at, at
         from seeded`,
      );
      await tx.query(
        `insert into links (id, workspace_id, project_id, title, url, created_at)
         select gen_random_uuid(), workspace_id, project_id, 'Link ' || lpad(n::text, 5, '0'),
                'https://example.com/items/' || n, at
         from seeded`,
      );
    });
  } finally {
    await db.close();
  }
}
