import { ReleaseError } from './apps';

/** Hosts a team may publish on over plain http: only this machine (a local CDN, a test server). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where an app's versions are published, as registry.json records it: '' (the site's own origin),
 * or an https origin (http only on loopback). Browsers load scripts from it, so anything else (a
 * `javascript:` URL, a path, query, fragment or credentials the pointer would carry) is refused.
 */
export function publishingOrigin(value: string): string {
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError(`--origin takes an origin such as https://cdn.example.com (got "${value}").`);
  }
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new ReleaseError(`--origin must be an https URL, or http on localhost (got "${value}").`);
  }
  if (url.pathname !== '/' || /[?#@]/.test(value)) {
    throw new ReleaseError(
      `--origin is an origin only, without a path, query, fragment or credentials (got "${value}").`,
    );
  }
  return url.origin;
}

/** A canary's share: a whole percent of browsers, 1 to 99 (0 is no canary, 100 is a release). */
export function canaryShare(value: number): number {
  if (!Number.isInteger(value) || value <= 0 || value >= 100) {
    throw new ReleaseError(
      `--canary takes a percent of browsers above 0 and below 100, a whole number (got ${value}).`,
    );
  }
  return value;
}

/** C0 and C1 control characters (newline, escape, ...): one could forge a line of the history. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Refuses a text written to the history or the pointer that is not a single plain line. */
export function singleLine(what: string, value: string): string {
  if (CONTROL.test(value)) {
    throw new ReleaseError(`${what} contains a control character (${JSON.stringify(value)}); it must be one line.`);
  }
  return value;
}

/** Control characters shown escaped (`\n`, `\u001b`), so a stored text never prints as two lines. */
export function printable(value: string): string {
  const short: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return value.replace(
    new RegExp(CONTROL, 'g'),
    (c) => short[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
