import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
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

/** The time a mail file's name starts with (`2030-01-01T08-00-00-000Z-<uuid>.eml`); null for other names. */
function writtenAt(name: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3}Z)-[0-9a-f-]{36}\.eml$/.exec(name);
  return m ? new Date(`${m[1]}:${m[2]}:${m[3]}.${m[4]}`) : null;
}

/** Deletes the mail files written before `before` (by the time in their name); other files stay. Returns how many went. */
export async function pruneMailFolder(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let deleted = 0;
  for (const name of names) {
    const at = writtenAt(name);
    if (!at || at.getTime() >= before.getTime()) continue;
    await rm(path.join(dir, name), { force: true });
    deleted += 1;
  }
  return deleted;
}
