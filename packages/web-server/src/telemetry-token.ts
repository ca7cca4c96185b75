import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import {
  addressNetwork,
  signTelemetryToken,
  telemetryKey,
  TELEMETRY_TOKEN_TTL_SECONDS,
} from '@kloof/api-contract/telemetry-token';
import { isRegistryDocument, isVersionName, seedFromCookies } from '@kloof/release-registry';

/** The versions a page served now may run, per app: each app's stable and canary. */
export function liveVersions(registryJson: string): Record<string, string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(registryJson);
  } catch {
    return {};
  }
  if (!isRegistryDocument(parsed)) return {};
  const versions: Record<string, string[]> = {};
  for (const [app, entry] of Object.entries(parsed.apps)) {
    const names = [entry.stable?.version, entry.canary?.version].filter((v): v is string => !!v && isVersionName(v));
    if (names.length) versions[app] = names;
  }
  return versions;
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
): void {
  app.get(TELEMETRY_TOKEN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!secret) return reply.code(204).send();
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') {
      return reply
        .code(403)
        .send({ statusCode: 403, error: 'Forbidden', message: 'Only pages of this site get a token' });
    }
    const seconds = Math.floor(Date.now() / 1000);
    // The browser is its canary seed (the same on every load); without one, this page load alone.
    const browser = seedFromCookies(request.headers.cookie) ?? randomBytes(16).toString('hex');
    const token = signTelemetryToken(secret, {
      o: `${request.protocol}://${request.host}`,
      b: telemetryKey(secret, 'browser', browser),
      a: telemetryKey(secret, 'address', addressNetwork(request.ip)),
      i: seconds,
      e: seconds + TELEMETRY_TOKEN_TTL_SECONDS,
      v: liveVersions(registryOf(request.raw)),
    });
    return reply.type('application/json; charset=utf-8').send({ token });
  });
}
