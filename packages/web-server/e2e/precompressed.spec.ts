import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { host, remotes } from '@kloof/apps/apps';
import { e2e, expect, test } from '@kloof/test-kit/e2e';
import { repoRoot } from '@kloof/release-store/folder';

const distDirs = [host, ...remotes].map((app) => path.join(repoRoot, app.dir, 'dist'));

async function brotliCopies(dir: string): Promise<string[]> {
  const files = await fs.readdir(dir, { recursive: true });
  return files.filter((file) => file.endsWith('.br')).map((file) => path.join(dir, file));
}

/** The raw bytes and headers of one response, undecoded (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test.describe('brotli copies of the production builds', () => {
  test('every app has them, and each decodes to exactly the file beside it (none is stale)', async () => {
    for (const dir of distDirs) {
      const copies = await brotliCopies(dir);
      expect(copies.length, `${dir} has no brotli copies`).toBeGreaterThan(0);
      for (const copy of copies) {
        const original = await fs.readFile(copy.slice(0, -'.br'.length));
        expect(brotliDecompressSync(await fs.readFile(copy)).equals(original), `${copy} is stale`).toBe(true);
      }
    }
  });

  test("the production server sends the host entry's brotli copy as it is", async () => {
    const hostDist = distDirs[0]!;
    const entry = (await fs.readdir(hostDist)).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
    expect(entry, 'the host build has a main chunk').toBeDefined();
    const copy = await fs.readFile(path.join(hostDist, `${entry}.br`));
    const response = await rawGet(`${e2e.baseUrl}/${entry}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body.equals(copy)).toBe(true);
  });
});
