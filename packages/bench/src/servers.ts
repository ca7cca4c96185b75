import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildStaticServer, type Site } from '@kloof/delivery/server';
import { apiServerEnv } from '@kloof/test-kit/e2e/environment';

/** A child process in its own group, so stopping it also stops what pnpm started under it. */
export interface Service {
  stop(): void;
}

function service(child: ChildProcess): Service {
  return {
    stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
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

/** The API on its own port with throwaway data, as the browser tests run it. */
export async function startApi(repoRoot: string, port: number): Promise<Service> {
  const child = spawn('pnpm', ['--filter', '@kloof/api-server', 'start'], {
    cwd: repoRoot,
    env: { ...process.env, ...apiServerEnv(), PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/v1/health`);
  return service(child);
}

/** The federated production build (dist folders) served the production way. */
export async function startFederated(repoRoot: string, port: number, apiPort: number): Promise<Service> {
  const child = spawn('pnpm', ['--filter', '@kloof/delivery', 'serve', '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, API_UPSTREAM: `http://127.0.0.1:${apiPort}` },
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/remotes.json`);
  return service(child);
}

/** The monolith build served by the same static server, so headers and compression match. */
export async function startMonolith(dir: string, port: number, apiPort: number): Promise<FastifyInstance> {
  const site: Site = {
    hostDir: () => dir,
    allHostDirs: () => [dir],
    registry: () => '{}',
    // No remotes: the monolith's host reads no registry.
    releaseRegistry: () => '{}',
    remoteFile: () => null,
    prerenderedPage: () => null,
    describe: () => `the monolith build in ${dir}`,
  };
  const app = await buildStaticServer({
    site,
    runtimeConfig: { apiHost: '', remotesUrl: '/remotes.json' },
    apiUpstream: `http://127.0.0.1:${apiPort}`,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
