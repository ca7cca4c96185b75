import fs from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError } from './apps';
import { sri } from './registry';

/** A script, stylesheet or script preload tag of an HTML document, with its attributes. */
const LOADING_TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of text.matchAll(ATTRIBUTE)) {
    attributes.set(name!.toLowerCase(), values.find((value) => value !== undefined) ?? '');
  }
  return attributes;
}

/** The file of the build a tag loads code or styles from (a path on the site), or null. */
function loadedFile(tag: string, attributes: Map<string, string>): string | null {
  const rel = attributes.get('rel') ?? '';
  const as = attributes.get('as') ?? '';
  const loadsCode =
    tag === 'script' ||
    rel === 'stylesheet' ||
    rel === 'modulepreload' ||
    (rel === 'preload' && ['script', 'style'].includes(as));
  const url = tag === 'script' ? attributes.get('src') : attributes.get('href');
  if (!loadsCode || !url || !url.startsWith('/') || url.startsWith('//')) return null;
  return url;
}

/**
 * Refuses a host build whose index.html loads a file of the build without the SHA-384 of its bytes
 * (`integrity`): browsers run a host file only with its pin, and index.html (served no-cache) is
 * where the pins start. A build changed after it was made is refused too.
 */
export async function checkHostPins(dir: string): Promise<void> {
  const html = await fs.readFile(path.join(dir, 'index.html'), 'utf8');
  for (const [, tag, text] of html.matchAll(LOADING_TAG)) {
    const attributes = attributesOf(text!);
    const url = loadedFile(tag!.toLowerCase(), attributes);
    if (!url) continue;
    const pin = attributes.get('integrity');
    if (!pin) {
      throw new ReleaseError(
        `${dir}/index.html loads ${url} without its SHA-384 (integrity): not a pinned host build.`,
      );
    }
    const bytes = await fs.readFile(path.join(dir, decodeURIComponent(url.split(/[?#]/)[0]!))).catch(() => null);
    if (!bytes) throw new ReleaseError(`${dir}/index.html loads ${url}, which the build does not have.`);
    if (!pin.split(/\s+/).includes(sri(bytes))) {
      throw new ReleaseError(
        `${dir}/index.html pins ${url} to a SHA-384 its file does not have: the build changed after it was made.`,
      );
    }
  }
}
