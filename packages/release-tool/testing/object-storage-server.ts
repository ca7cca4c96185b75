import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import { freePort } from '@kloof/test-kit/e2e/workspace-command';

const execFileAsync = promisify(execFile);

/**
 * Ceph's S3 gateway (radosgw) on a one-OSD Ceph cluster held in memory: the S3 implementation that
 * runs in production at many hosts, with conditional writes checked atomically inside RADOS.
 * Debian's packages `radosgw ceph-mon ceph-osd` (.ci/run installs them). See the release tool's
 * README for why this server and what it does not prove.
 */
export interface TestObjectStorage {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Ceph compares If-Match with the bare ETag (no quotes): the store is configured for it. */
  ifMatchEtag: 'unquoted';
  stop(): Promise<void>;
}

const BINARIES = [
  '/usr/bin/radosgw',
  '/usr/bin/ceph-mon',
  '/usr/bin/ceph-osd',
  '/usr/bin/radosgw-admin',
  '/usr/bin/ceph-authtool',
];

export function objectStorageInstalled(): boolean {
  return BINARIES.every((binary) => existsSync(binary));
}

/**
 * The monitor and the gateway listen on ports of their own; the OSD binds the first free ports of
 * Ceph's default range (6800-7568), as the OSDs of one production host share it, so clusters of two
 * test files run side by side.
 */
function cephConf(dir: string, fsid: string, ports: { mon: number; gateway: number }): string {
  return `[global]
fsid = ${fsid}
mon host = [v1:127.0.0.1:${ports.mon}]
ms bind msgr2 = false
ms bind ipv6 = false
public addr = 127.0.0.1
cluster addr = 127.0.0.1
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = ${dir}/keyring
mon data avail warn = 1
mon data avail crit = 0
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon max pg per osd = 1000
# The monitor commits map changes at once, not batched once a second: the gateway's start creates
# its pools one map change after another (9 s of a 12 s start at the default 1 s).
paxos propose interval = 0.01
paxos min wait = 0.001
osd objectstore = memstore
memstore device bytes = 1073741824
osd crush chooseleaf type = 0
osd crush update on start = false
osd class update on start = false
run dir = ${dir}/run
log file = ${dir}/log/$name.log
admin socket = ${dir}/run/$name.asok
mon data = ${dir}/mon/$name
osd data = ${dir}/osd/$name
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${ports.gateway}
rgw dns name = localhost
`;
}

/**
 * Keys of the monitor, the admin, the OSD and the gateway, in one file only this user can read
 * (cephx): another user on the machine cannot reach the cluster's objects behind the gateway's back.
 */
const KEYS: Array<[entity: string, caps: Record<string, string>]> = [
  ['mon.', { mon: 'allow *' }],
  ['client.admin', { mon: 'allow *', osd: 'allow *' }],
  ['osd.0', { mon: 'allow profile osd', osd: 'allow *' }],
  ['client.rgw', { mon: 'allow rw', osd: 'allow rwx' }],
];

async function writeKeyring(file: string): Promise<void> {
  for (const [index, [entity, caps]] of KEYS.entries()) {
    const capArgs = Object.entries(caps).flatMap(([daemon, cap]) => ['--cap', daemon, cap]);
    await execFileAsync('ceph-authtool', [
      ...(index === 0 ? ['--create-keyring'] : []),
      file,
      '--gen-key',
      '-n',
      entity,
      ...capArgs,
    ]);
  }
  await fs.chmod(file, 0o600);
}

/** A setup command that must succeed; its output is in the error when it does not. */
async function run(command: string, args: string[], conf: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, [...args, '-c', conf], { timeout: scaled(60_000) });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || stdout || String(error)}`);
  }
}

/** Whether a command succeeds (for a daemon that is not ready yet, a failure is an answer too). */
async function asks(command: string, args: string[], conf: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args, '-c', conf], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', timeout: 1000 }, (response) => {
      response.resume();
      resolve(true);
    });
    request.once('error', () => resolve(false));
    request.once('timeout', () => request.destroy());
  });
}

/**
 * The ends of the daemons' own logs, for the error when one stopped (the folder goes with the
 * cluster): the monitor's says why it refused what the one that stopped asked of it.
 */
async function logTails(logDir: string): Promise<string> {
  const tails = await Promise.all(
    ['mon.a', 'osd.0', 'client.rgw'].map(async (name) => {
      const text = await fs.readFile(path.join(logDir, `${name}.log`), 'utf8').catch(() => '');
      return `--- ${name}.log\n${text.trimEnd().split('\n').slice(-15).join('\n')}`;
    }),
  );
  return tails.join('\n');
}

async function until(
  what: string,
  condition: () => Promise<boolean>,
  daemons: ChildProcess[],
  logDir: string,
): Promise<void> {
  const deadline = Date.now() + scaled(60_000);
  while (!(await condition())) {
    const dead = daemons.find((d) => d.exitCode !== null);
    if (dead) {
      const tail = await logTails(logDir);
      throw new Error(`${what}: ${dead.spawnfile} exited with ${dead.exitCode}\n${tail}`);
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopDaemon(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Starts mon, OSD and gateway in the foreground as children of this process (so they are ours to
 * stop), and an S3 user: a cluster of the test file's own.
 */
export async function startObjectStorage(): Promise<TestObjectStorage> {
  if (!objectStorageInstalled()) {
    throw new Error('Ceph is not installed: apt-get install radosgw ceph-mon ceph-osd (.ci/run does this)');
  }
  const mon = await freePort();
  let gateway = await freePort();
  while (gateway === mon) gateway = await freePort();
  const ports = { mon, gateway };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-ceph-'));
  const daemons: ChildProcess[] = [];
  // A test run that dies leaves no daemon behind.
  const killAll = () => daemons.forEach((d) => d.exitCode === null && d.kill('SIGKILL'));
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(daemons.reverse().map(stopDaemon));
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    for (const sub of ['run', 'log', 'mon', 'osd/osd.0']) await fs.mkdir(path.join(dir, sub), { recursive: true });
    const conf = path.join(dir, 'ceph.conf');
    const fsid = crypto.randomUUID();
    await fs.writeFile(conf, cephConf(dir, fsid, ports));
    const monmap = path.join(dir, 'monmap');
    await execFileAsync('monmaptool', [
      '--create',
      '--fsid',
      fsid,
      '--addv',
      'a',
      `[v1:127.0.0.1:${ports.mon}]`,
      monmap,
    ]);
    const keyring = path.join(dir, 'keyring');
    await writeKeyring(keyring);
    await run('ceph-mon', ['--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring], conf);
    const daemon = (command: string, args: string[]) => {
      const child = spawn(command, [...args, '-f', '-c', conf], { stdio: 'ignore' });
      daemons.push(child);
    };
    daemon('ceph-mon', ['-i', 'a']);
    // Ceph 16: a client's first command can leave before the monitor's map has
    // told it the cluster's id, and goes out with a zero id, which the monitor refuses ('wrong fsid',
    // EPERM). Every command here is idempotent and asked until it is answered.
    const ask = (what: string, args: string[]) =>
      until(what, () => asks('ceph', ['--connect-timeout', '10', ...args], conf), daemons, path.join(dir, 'log'));
    await ask('the monitor answering', ['mon', 'stat']);
    // One uuid for the OSD in the map and on its disk, as Ceph's manual deployment does.
    const osdUuid = crypto.randomUUID();
    await ask('the OSD created', ['osd', 'create', osdUuid]);
    // The OSD would place itself in the CRUSH map with the same kind of first command, and stop for
    // good when refused (the conf turns that off): it is placed here instead.
    await ask('the OSD placed', ['osd', 'crush', 'add', 'osd.0', '1', 'root=default']);
    await run('ceph-osd', ['-i', '0', '--mkfs', '--osd-uuid', osdUuid], conf);
    daemon('ceph-osd', ['-i', '0']);
    daemon('radosgw', ['-n', 'client.rgw']);
    await until('the S3 gateway answering', () => answers(ports.gateway), daemons, path.join(dir, 'log'));
    const accessKeyId = `KLOOF${randomBytes(6).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(20).toString('hex');
    await run(
      'radosgw-admin',
      [
        'user',
        'create',
        '--uid=kloof',
        '--display-name=kloof',
        `--access-key=${accessKeyId}`,
        `--secret-key=${secretAccessKey}`,
      ],
      conf,
    );
    return {
      endpoint: `http://127.0.0.1:${ports.gateway}`,
      region: 'us-east-1',
      accessKeyId,
      secretAccessKey,
      ifMatchEtag: 'unquoted',
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
