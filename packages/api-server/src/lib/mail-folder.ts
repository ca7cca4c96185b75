import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A local mail folder: one RFC 822 `.eml` file per message, written to a temporary name and
 * renamed into place, so a reader (a mail client, `cat`, a test) never sees half a message.
 * Names sort by time: `<ISO time>-<uuid>.eml`.
 */
export async function writeMailFile(dir: string, raw: Buffer, now: Date): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
  const file = path.join(dir, name);
  const tmp = path.join(dir, `.${name}.tmp`);
  try {
    await writeFile(tmp, raw, { mode: 0o600, flag: 'wx' });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return file;
}
