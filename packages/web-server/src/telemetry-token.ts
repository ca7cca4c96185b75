import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import { addressNetwork, signTelemetryToken, telemetryKey, TELEMETRY_TOKEN_TTL_SECONDS } from '@kloof/telemetry-token';
import {
  chooseRelease,
  fallbackRelease,
  isRegistryDocument,
  isVersionName,
  seedFromCookies,
  type RegistryDocument,
  type RegistryIntegrity,
} from '@kloof/release-registry';

function registryIn(registryJson: string): RegistryDocument | null {
  try {
    const parsed: unknown = JSON.parse(registryJson);
    return isRegistryDocument(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The versions a page served now to this browser may run, per app: the one its seed draws (a
 * canary for its share of browsers) and, for a canary, the stable version it falls back to. No
 * seed: the stable versions (a browser without the cookie was not sent to a canary by this server).
 */
export function browserVersions(registry: RegistryDocument, seed: string | null): Record<string, string[]> {
  const versions: Record<string, string[]> = {};
  for (const [app, entry] of Object.entries(registry.apps)) {
    const chosen = seed ? chooseRelease(registry, app, seed) : null;
    const names = chosen
      ? [chosen.version, chosen.canary ? fallbackRelease(registry, chosen)?.version : undefined]
      : [entry.stable?.version];
    const valid = names.filter((v): v is string => !!v && isVersionName(v));
    if (valid.length) versions[app] = valid;
  }
  return versions;
}

/** Where a version's files are and what they must hash to, for the server's own check. */
export interface VersionFiles {
  /** The folder of a stored version of a remote served here; null for anything else. */
  dirOf(app: string, version: string): string | null;
  intact(dir: string, integrity: RegistryIntegrity): Promise<boolean>;
}

/**
 * Of `versions`, those whose load failures are to be believed: a version published on another
 * origin (this server cannot see its files) or one whose files here are not as its release pinned
 * them. A version of files held intact here is left out.
 */
export async function brokenVersions(
  registry: RegistryDocument,
  versions: Record<string, string[]>,
  files: VersionFiles,
): Promise<Record<string, string[]>> {
  const broken: Record<string, string[]> = {};
  for (const [app, names] of Object.entries(versions)) {
    const entry = registry.apps[app];
    if (!entry) continue;
    for (const version of names) {
      const release = [entry.stable, entry.canary, entry.fallback].find((r) => r?.version === version);
      const dir = files.dirOf(app, version);
      if (!release?.integrity || (!entry.origin && !dir)) continue; // not a stored remote: nothing loads it
      if (entry.origin || !(await files.intact(dir!, release.integrity))) (broken[app] ??= []).push(version);
    }
  }
  return broken;
}

/**
 * Checks every live version's files (kept until they change), so that the first page load of each
 * does not wait for the hashing: at start and whenever a token is signed.
 */
export function checkLiveVersions(registryJson: string, files: VersionFiles): void {
  const registry = registryIn(registryJson);
  if (!registry) return;
  for (const [app, entry] of Object.entries(registry.apps)) {
    for (const release of [entry.stable, entry.canary, entry.fallback]) {
      const dir = release?.integrity && !entry.origin ? files.dirOf(app, release.version) : null;
      if (dir) void files.intact(dir, release!.integrity!);
    }
  }
}

/** TELEMETRY_SECRET: unset serves no tokens (telemetry off, nothing counted); too short stops the server. */
export function parseTelemetrySecret(value: string | undefined): string | undefined {
  const secret = value?.trim();
  if (!secret) return undefined;
  if (secret.length < 32) throw new Error('TELEMETRY_SECRET must be at least 32 characters (the API holds the same)');
  return secret;
}

/**
 * GET /telemetry-token: the page load's telemetry token, for this site's own pages only (a
 * script on another site gets 403 and cannot read the answer anyway). Never cached. Without a
 * secret, 204: telemetry is off here, and the page stops asking (an error status would put an
 * error in every visitor's console).
 */
export function registerTelemetryToken(
  app: FastifyInstance,
  secret: string | undefined,
  registryOf: (req: IncomingMessage) => string,
  files: VersionFiles,
): void {
  app.get(TELEMETRY_TOKEN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!secret) return reply.code(204).send();
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') {
      return reply.code(403).send({
        statusCode: 403,
        code: 'forbidden',
        error: 'Forbidden',
        message: 'Only pages of this site get a token',
      });
    }
    // The browser is its canary seed (the same on every load); without one, this page load alone.
    const seed = seedFromCookies(request.headers.cookie);
    const registry = registryIn(registryOf(request.raw));
    const versions = registry ? browserVersions(registry, seed) : {};
    const broken = registry ? await brokenVersions(registry, versions, files) : {};
    checkLiveVersions(registryOf(request.raw), files);
    const seconds = Math.floor(Date.now() / 1000);
    const token = signTelemetryToken(secret, {
      o: `${request.protocol}://${request.host}`,
      b: telemetryKey(secret, 'browser', seed ?? randomBytes(16).toString('hex')),
      a: telemetryKey(secret, 'address', addressNetwork(request.ip)),
      i: seconds,
      e: seconds + TELEMETRY_TOKEN_TTL_SECONDS,
      v: versions,
      ...(Object.keys(broken).length ? { f: broken } : {}),
    });
    return reply.type('application/json; charset=utf-8').send({ token });
  });
}
