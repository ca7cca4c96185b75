import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import { preparedDataDir, startApiProcess } from '../../testing/api-process';

// Issue 25: with umask 022, 969 of 1,056 files of the PGlite folder were 0666 and a local user read
// the JWT signing secret from the WAL. The API now makes its folders private on every start.

function modes(dir: string): { dirs: Set<string>; files: Set<string>; wideOnes: string[] } {
  const dirs = new Set<string>();
  const files = new Set<string>();
  const wideOnes: string[] = [];
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    const mode = (stat.mode & 0o7777).toString(8);
    if (stat.isDirectory()) {
      dirs.add(mode);
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (stat.isFile()) files.add(mode);
    if (stat.mode & 0o077) wideOnes.push(`${mode} ${path.relative(dir, p)}`);
  };
  walk(dir);
  return { dirs, files, wideOnes };
}

function chmodTree(dir: string, dirMode: number, fileMode: number): number {
  let files = 0;
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isDirectory()) {
      fs.chmodSync(p, dirMode);
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if (stat.isFile()) {
      fs.chmodSync(p, fileMode);
      files++;
    }
  };
  walk(dir);
  return files;
}

/** Whether `nobody` can read a file (null where this cannot be tried: not root, or no such user). */
function nobodyCanRead(file: string): boolean | null {
  if (process.getuid?.() !== 0 || spawnSync('id', ['nobody']).status !== 0) return null;
  return spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { stdio: 'ignore' }).status === 0;
}

const onPglite = process.env.DATABASE_URL ? describe.skip : describe;

onPglite('private data on disk (started with umask 022)', () => {
  let root: string;
  // In beforeAll, not the describe body: that runs even where the describe is skipped (PostgreSQL runs).
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-privacy-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it(
    'fixes a world-writable data folder and mail folder on start: folders 0700, files 0600, the WAL unreadable by another user',
    async () => {
      fs.chmodSync(root, 0o755); // only the API's own folders may keep another user out
      const dataDir = await preparedDataDir(path.join(root, 'pglite'));
      const mailDir = path.join(root, 'mail');
      fs.mkdirSync(mailDir);
      fs.writeFileSync(path.join(mailDir, 'old.eml'), 'Subject: code 123456\n\n');
      const filesBefore = chmodTree(dataDir, 0o777, 0o666) + chmodTree(mailDir, 0o777, 0o666);
      expect(modes(dataDir).wideOnes.length).toBeGreaterThan(100);

      const previousUmask = process.umask(0o022); // the child inherits it, as from a usual shell
      let api;
      try {
        api = await startApiProcess(
          {
            DATA_DIR: dataDir,
            MAIL_DIR: mailDir,
            NODE_ENV: 'production', // the mail folder is production's mail without SMTP
            ADMIN_EMAIL: 'privacy-admin@example.com',
            ADMIN_PASSWORD: 'privacy-admin-passphrase',
          },
          scaled(120_000),
        );
      } finally {
        process.umask(previousUmask);
      }
      try {
        // New files while running: a mail (with its code), the signing secret and a session in the WAL.
        const forgot = await fetch(`${api.url}/v1/auth/forgetPassword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'privacy-admin@example.com' }),
        });
        expect(forgot.status).toBeLessThan(300);
        const deadline = Date.now() + scaled(20_000);
        while (fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml')).length < 2) {
          if (Date.now() > deadline) throw new Error(`no mail written:\n${api.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        for (const dir of [dataDir, mailDir]) {
          const seen = modes(dir);
          expect(seen.wideOnes).toEqual([]);
          expect([...seen.dirs]).toEqual(['700']);
          expect([...seen.files]).toEqual(['600']);
        }
        const wal = fs.readdirSync(path.join(dataDir, 'pg_wal')).find((n) => /^[0-9A-F]{24}$/.test(n));
        const verdict = nobodyCanRead(path.join(dataDir, 'pg_wal', wal as string));
        if (verdict === null) console.warn('not root or no `nobody` user: checked by modes only');
        else expect(verdict).toBe(false);
        console.info(`privacy: ${filesBefore} files made 0666 before start; after: data and mail folders 0700/0600`);
      } finally {
        api.child.kill('SIGTERM');
        await api.exited;
      }
      expect(modes(dataDir).wideOnes).toEqual([]); // nothing wider written on the way out either
    },
    scaled(180_000),
  );
});
