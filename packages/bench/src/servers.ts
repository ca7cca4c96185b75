import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildStaticServer, type Site } from '@kloof/web-server';
import { apiServerEnv } from '@kloof/test-kit/e2e/environment';
import { scaled } from '@kloof/test-kit/slowdown';

/** A child process in its own group, so stopping it also stops what pnpm started under it. */
export interface Service {
  stop(): void;
}

function service(child: ChildProcess): Service {
  return {
    stop() {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch (error) {
        // Already gone (it died during the run): nothing to stop, and the other services still are.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    },
  };
}

/** The started service once it answers at `url`; stopped (never left running) when it does not. */
async function whenUp(child: ChildProcess, url: string): Promise<Service> {
  const started = service(child);
  try {
    await waitFor(url);
  } catch (error) {
    started.stop();
    throw error;
  }
  return started;
}

/** Waits for a service to answer; a loaded machine may take minutes to start one. */
async function waitFor(url: string, timeoutMs = scaled(180_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

/** A web server in front of the bench's API, signing telemetry tokens with the API's secret as `pnpm start` does. */
function webServerEnv(apiPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    API_UPSTREAM: `http://127.0.0.1:${apiPort}`,
    TELEMETRY_SECRET: apiServerEnv().TELEMETRY_SECRET,
  };
}

/** The API on its own port with throwaway data, as the browser tests run it. */
export async function startApi(repoRoot: string, port: number): Promise<Service> {
  const child = spawn('pnpm', ['--filter', '@kloof/api-server', 'start'], {
    cwd: repoRoot,
    env: { ...process.env, ...apiServerEnv(), PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  return whenUp(child, `http://127.0.0.1:${port}/v1/health`);
}

/** The federated production build (dist folders) served the production way. */
export async function startFederated(repoRoot: string, port: number, apiPort: number): Promise<Service> {
  const child = spawn('pnpm', ['--filter', '@kloof/web-server', 'serve', '--port', String(port)], {
    cwd: repoRoot,
    env: webServerEnv(apiPort),
    stdio: 'ignore',
    detached: true,
  });
  return whenUp(child, `http://127.0.0.1:${port}/registry.json`);
}

/**
 * The same dist folders released into a throwaway releases folder (which prerenders the public
 * pages, as a release does) and served from it the way `pnpm start` serves production.
 */
export async function startPrerendered(repoRoot: string, port: number, apiPort: number): Promise<Service> {
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-releases-'));
  const released = spawnSync('pnpm', ['release', '--all', '--skip-build', '--releases-dir', releasesDir], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (released.status !== 0) throw new Error(`Releasing the builds failed (exit ${released.status})`);
  if (!fs.existsSync(path.join(releasesDir, 'pages'))) throw new Error('The release prerendered no pages');
  const child = spawn(
    'pnpm',
    ['--filter', '@kloof/web-server', 'serve:releases', '--releases', releasesDir, '--port', String(port)],
    {
      cwd: repoRoot,
      env: webServerEnv(apiPort),
      stdio: 'ignore',
      detached: true,
    },
  );
  const running = await whenUp(child, `http://127.0.0.1:${port}/registry.json`).catch((error: unknown) => {
    fs.rmSync(releasesDir, { recursive: true, force: true });
    throw error;
  });
  return {
    stop() {
      running.stop();
      fs.rmSync(releasesDir, { recursive: true, force: true });
    },
  };
}

/** The monolith build served by the same static server, so headers and compression match. */
export async function startMonolith(dir: string, port: number, apiPort: number): Promise<FastifyInstance> {
  const site: Site = {
    hostDir: () => dir,
    allHostDirs: () => [dir],
    // No remotes: the monolith's host reads no registry.
    registry: () => '{}',
    remoteFile: () => null,
    prerenderedPage: () => null,
    describe: () => `the monolith build in ${dir}`,
  };
  const app = await buildStaticServer({
    site,
    runtimeConfig: { apiHost: '', registryUrl: '/registry.json' },
    apiUpstream: `http://127.0.0.1:${apiPort}`,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
