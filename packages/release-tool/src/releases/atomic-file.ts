import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * Replaces a file in one step: the new content goes to a temporary file in the same folder,
 * is flushed, and is renamed over the old one. A reader sees the old or the new file, never half.
 */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
