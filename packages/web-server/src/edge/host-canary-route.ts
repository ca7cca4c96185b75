import { fileKind } from '@kloof/apps/cache-contract';
import { isCompressible } from '@kloof/release-store/content-types';
import {
  chooseRelease,
  isVersionName,
  newSeed,
  seedCookie,
  seedFromCookies,
  type RegistryDocument,
} from '@kloof/release-registry';
import { chooseEncoding, type Encoding } from '../accept-encoding';

/** Where a request is answered from: object keys to try in order (relative to the releases prefix). */
export interface EdgeRoute {
  keys: string[];
  cacheControl: string;
  /** What chose the answer besides the URL (the host's seed cookie, the encoding). */
  vary?: string;
  /** A browser that came without a seed gets one with its page (sticky canary). */
  setCookie?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz', identity: '' };
const ALL_STORED: ReadonlySet<Encoding> = new Set(['br', 'gzip', 'identity']);

/** The stored copies a client may get, best first; the plain file always last (not every file has copies). */
function encodedKeys(key: string, acceptEncoding: string | null): string[] {
  if (!isCompressible(key)) return [key];
  const first = chooseEncoding(acceptEncoding ?? undefined, ALL_STORED);
  const second =
    first === 'br' ? chooseEncoding(acceptEncoding ?? undefined, new Set(['gzip', 'identity'])) : 'identity';
  return [...new Set([first, second, 'identity' as const])].map((encoding) => key + SUFFIX[encoding]);
}

/** Path segments safe as key parts: no empty, dot or dot-dot segments, no backslash. */
function safeSegments(pathname: string): string[] | null {
  const segments = pathname.split('/').filter(Boolean);
  return segments.some((s) => s.startsWith('.') || s.includes('\\')) ? null : segments;
}

/**
 * The edge's part of a host canary, as packages/release-registry/src/choose.ts decides it for the
 * web server: a browser's `kloof-canary` seed chooses the host version (stable or canary) whose
 * index.html, sw.js and files it gets; remotes, registry.json and config.json map straight to their
 * keys. A hashed host file is looked for in the chosen host, then the other host versions the
 * registry names (a page loaded before a host release asks for its own chunks). Null: not ours (404).
 */
export function routeEdgeRequest(
  request: { pathname: string; cookie: string | null; acceptEncoding: string | null },
  registry: RegistryDocument,
  makeSeed: () => string = newSeed,
): EdgeRoute | null {
  const segments = safeSegments(request.pathname);
  if (!segments || segments.some((s) => s.endsWith('.map'))) return null;
  const [first, ...rest] = segments;
  if (first === 'registry.json' && !rest.length) return { keys: ['registry.json'], cacheControl: 'no-cache' };
  if (first === 'config.json' && !rest.length) return { keys: ['config.json'], cacheControl: 'no-cache' };
  if (first === 'remotes') {
    const [app, version, ...file] = rest;
    if (!app || !version || !isVersionName(version) || !file.length || file[0] === 'server') return null;
    const key = `${app}/${version}/${file.join('/')}`;
    const name = file.at(-1)!;
    return {
      keys: encodedKeys(key, request.acceptEncoding),
      cacheControl: fileKind(name) === 'hashed' ? IMMUTABLE : 'no-cache',
      vary: isCompressible(key) ? 'Accept-Encoding' : undefined,
    };
  }
  if (first === 'v1' || first === 'server') return null;

  const known = seedFromCookies(request.cookie ?? undefined);
  const seed = known ?? makeSeed();
  const chosen = chooseRelease(registry, 'host', seed)?.version;
  if (!chosen || !isVersionName(chosen)) return null;
  const file = segments.join('/');
  const name = segments.at(-1) ?? '';
  const isPage = !file || file === 'index.html' || !name.includes('.');
  const hashed = !isPage && fileKind(name) === 'hashed';
  const host = registry.apps.host;
  const others = hashed
    ? [host?.stable?.version, host?.canary?.version, host?.previous].filter(
        (v): v is string => Boolean(v) && v !== chosen && isVersionName(v!),
      )
    : [];
  const target = isPage ? 'index.html' : file;
  return {
    keys: [chosen, ...others].flatMap((version) => encodedKeys(`host/${version}/${target}`, request.acceptEncoding)),
    cacheControl: hashed ? IMMUTABLE : 'no-cache',
    // A hashed file is the same bytes for everyone; the rest was chosen by the seed.
    vary:
      [hashed ? null : 'Cookie', isCompressible(target) ? 'Accept-Encoding' : null].filter(Boolean).join(', ') ||
      undefined,
    setCookie: known || !isPage ? undefined : `${seedCookie(seed)}; Secure`,
  };
}
