import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The page-load token: the web server signs one for each page it served (GET /telemetry-token),
 * the API counts a telemetry batch only with a valid one. Both hold TELEMETRY_SECRET; the browser
 * can read the claims but not change them. Node only (never bundled for the browser).
 */
export interface TelemetryClaims {
  /** The site's origin that served the page: a beacon must come from it (its Origin header). */
  o: string;
  /** The browser (a keyed hash of its canary seed): one vote per browser, version and window. */
  b: string;
  /** The client's network (a keyed hash of its IPv4 /24 or IPv6 /48): caps the browsers one network may be. */
  a: string;
  /** Issued at and expires at, in Unix seconds. */
  i: number;
  e: number;
  /** The versions this browser's page may run, per app (its canary or stable, and a canary's fallback): events for others are not counted. */
  v: Record<string, string[]>;
  /**
   * Versions whose load failures count, per app: those the web server found broken when it signed
   * (a file they pin missing or not matching its hash) and those published on another origin,
   * which it cannot check. A load failure of any other version is the browser's word against the
   * server's, and is not counted. Absent: none count.
   */
  f?: Record<string, string[]>;
}

/** How long a page load may report with its token. */
export const TELEMETRY_TOKEN_TTL_SECONDS = 30 * 60;

const encode = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`kloof-telemetry-token:${payload}`).digest('base64url');
}

/** A short keyed hash: the same input gives the same key, and the key does not give the input back. */
export function telemetryKey(secret: string, purpose: 'browser' | 'address', value: string): string {
  return createHmac('sha256', secret).update(`kloof-telemetry-${purpose}:${value}`).digest('base64url').slice(0, 22);
}

/**
 * An address as the network one operator holds: IPv4 its /24, IPv6 its /48 (a site's usual
 * allocation). Counting per network, not per address, keeps an attacker with a whole /24 or many
 * /64s of one /48 to one network's share.
 */
export const addressNetwork = (ip: string): string => addressPrefix(ip, 3, 3);

/**
 * The first `ipv4Octets` octets of an IPv4 address (the address itself when all four) or the first
 * `ipv6Groups` groups of an IPv6 one, written as a prefix; an IPv4-mapped IPv6 address counts as
 * IPv4, and anything else is returned as it is.
 */
export function addressPrefix(ip: string, ipv4Octets: number, ipv6Groups: number): string {
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(plain) === 4) {
    if (ipv4Octets >= 4) return plain;
    const octets = plain.split('.').slice(0, ipv4Octets);
    return `${[...octets, ...Array<string>(4 - octets.length).fill('0')].join('.')}/${ipv4Octets * 8}`;
  }
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, ipv6Groups)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/${ipv6Groups * 16}`;
}

export function signTelemetryToken(secret: string, claims: TelemetryClaims): string {
  const payload = encode(JSON.stringify(claims));
  return `${payload}.${signature(secret, payload)}`;
}

/** Per app, a list of version names. */
function isVersionLists(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((v) => typeof v === 'string'))
  );
}

function isClaims(value: unknown): value is TelemetryClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.o === 'string' &&
    typeof c.b === 'string' &&
    typeof c.a === 'string' &&
    Number.isInteger(c.i) &&
    Number.isInteger(c.e) &&
    isVersionLists(c.v) &&
    (c.f === undefined || isVersionLists(c.f))
  );
}

/** The claims of a token signed with this secret and valid now, else null (why does not matter to a sender). */
export function verifyTelemetryToken(secret: string, token: string, now: Date): TelemetryClaims | null {
  const [payload = '', given = '', extra] = token.split('.');
  if (!payload || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims)) return null;
  const seconds = Math.floor(now.getTime() / 1000);
  // A minute of clock skew between the web server and the API.
  if (claims.e <= seconds || claims.i > seconds + 60 || claims.e - claims.i > TELEMETRY_TOKEN_TTL_SECONDS) return null;
  return claims;
}
