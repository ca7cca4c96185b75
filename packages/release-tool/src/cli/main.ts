import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findApp, releasableApps, ReleaseError } from '../releases/apps';
import { number, parseCommandLine, percent } from './arguments';
import { describeChange, describeEntry, describePrune, describeStatus, type HealthSource } from '../releases/format';
import { fromInvocationDir, repoRoot } from '@kloof/release-store/folder';
import type { ReleaseStore } from '../storage/release-store';
import { invocationDir, withEnvironment, type Environment } from '../settings';
import { configuredStore } from '../storage/configured-store';
import { publishingOrigin } from '../releases/input';
import { prune } from '../releases/prune';
import { status } from '../releases/status';
import { changeCanaryShare, promote, release, releaseSet, rollback } from '../releases/store';
import { isSetId, setCanaryApps, setMembers } from '../releases/release-set';
import { concerns } from '../releases/history';
import { apiAccess, ApiUnavailable, readApiContract, TelemetryApi } from '../releases/telemetry-api';
import { DEFAULT_WATCH, watchOnce } from '../releases/watch';
import { DEFAULT_VITAL_MARGINS } from '../releases/vitals-gate';
import { describeStranded, type ApiContract } from '../releases/api-contract';
import { checkApiDeploy, recordApiDeploy } from '../releases/api-deploy';
import { CONTRACT_VERSION, SERVED_CONTRACTS } from '@kloof/api-contract/contract-version';

const usage = `Usage:
  release <app>|--all [--from <built folder>] [--skip-build] [--origin <url>] [--canary <percent>] [--force]
  release <app> <app>... [--from <built folder>]... [--skip-build] [--canary <percent>] [--force]
                                    a release set: the apps as one change (one gate, one registry write, one
                                    history line); as a canary a browser gets all of them at canary or none
  promote <app>|<set id>            make the running canary (a set's: all of it) the stable version
  rollback <app>|<set id> [<version>]
                                    abort a running canary, else back to the previous (or named) version;
                                    an app released in a set (no version named) rolls the whole set back
  share <app> <percent>             send the running canary (a set's: all of it) to another share of browsers
  prune --keep <n> [<app>]          delete old versions (never stable, canary, previous or live in 24 h)
  status [--api <url>] [--since <minutes>]
                                    stable and canary per app, who released them when, their error rates
  history [<app>] [--limit <n>]     the newest changes first, 50 unless --limit says
  api [--check] [--serves <range> | --api <url>] [--force]
                                    an API deploy: lists the stable, canary and rollback-target builds
                                    calling a contract it does not serve (--check: only that, exit 1 if
                                    any), else records it in registry.json so the gate refuses such builds;
                                    the API is this checkout's, or --serves, or the one answering at --api
  watch <app>|<set id> [--min-sample <page loads>] [--window <minutes>] [--margin <points>] [--z <n>] [--interval <seconds>] [--once]
                                    roll the canary back when its error rate over page loads exceeds the
                                    stable version's by more than the margin, surely (the excess's lower
                                    bound at z standard errors; defaults: 50, 15, 2, 3, 60),
                                    or its web vitals' p75 by more than [--lcp-margin <ms>] [--inp-margin <ms>]
                                    [--cls-margin <n>] from [--vitals-min-sample <page loads>] (300, 100, 0.05, 50);
                                    by load failures the web server confirmed; worse only by render errors or
                                    vitals (the browsers' word) it holds the canary as suspect for an operator,
                                    unless [--trust-browser-errors] [--trust-browser-vitals] (a botnet with real
                                    tokens can then roll back a healthy canary);
                                    --once checks once (CI): exit 2 when it rolled back, 3 when it holds it,
                                    1 when it could not tell
release, promote, rollback and share take --reason <text> (why, in the history) and --who <name>
(who, instead of USER).
Options: --releases-dir <dir> (default: RELEASE_STORE=s3://<bucket>/<prefix> with S3_ENDPOINT, S3_REGION and
the AWS credentials; else RELEASES_DIR or packages/release-tool/.releases)
Error rates come from the API (--api, else RELEASE_API_URL, else http://127.0.0.1:<API_PORT, default 4000>),
read as an Admin: RELEASE_API_EMAIL + RELEASE_API_PASSWORD, or RELEASE_API_TOKEN.
Apps: ${releasableApps.map((a) => a.name).join(', ')}`;

/** Changes `history` prints unless --limit says: ten years of releases do not print at once. */
const HISTORY_LIMIT = 50;

/** Where a command writes: its standard output and error (a process's, or a test's capture). */
export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** One command as typed: its options and names, where it prints, and the store it works on. */
interface Invocation {
  values: ReturnType<typeof parseCommandLine>['values'];
  args: string[];
  out: CommandOutput;
  /** The store, chosen when a command needs it (a wrong RELEASE_STORE is that command's one error line). */
  store(): ReleaseStore;
}

/** A line on standard output, as console.log writes it. */
const print = (cmd: Invocation, text: string) => cmd.out.stdout(`${text}\n`);

/** Builds one app the way CI does, so a release is always a production build. */
function build(appDir: string): void {
  const result = spawnSync('pnpm', ['--filter', `./${appDir}`, 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new ReleaseError(`Building ${appDir} failed; nothing was released.`);
}

/** --force, and who and why for the history (--who, else USER). */
const recorded = ({ values }: Invocation) => ({ force: values.force, reason: values.reason, who: values.who });

/** A folder the user typed, read from where the command was typed. */
const typedFolder = (typed: string) => fromInvocationDir(typed, invocationDir());

async function releaseOne(cmd: Invocation, name: string): Promise<void> {
  const { values } = cmd;
  const app = findApp(name);
  if (values.from && values.from.length > 1) throw new ReleaseError('--from is given once per app named.');
  const from = values.from ? typedFolder(values.from[0]!) : path.join(repoRoot, app.dir, 'dist');
  // Checked before a build that may take minutes.
  const canary = values.canary === undefined ? undefined : percent('--canary', values.canary);
  const origin = values.origin === undefined ? undefined : publishingOrigin(values.origin);
  if (!values.from && !values['skip-build']) build(app.dir);
  const result = await release(cmd.store(), app.name, from, { origin, canary, ...recorded(cmd) });
  print(cmd, describeChange(result));
}

/**
 * Several apps as one release set: from the folders given (one --from per app, in order), else
 * each app's dist/ (built first unless --skip-build).
 */
async function releaseTogether(cmd: Invocation, names: readonly string[]): Promise<void> {
  const { values } = cmd;
  if (values.from && values.from.length !== names.length) {
    throw new ReleaseError(`--from is given once per app named (${names.length} apps, ${values.from.length} --from).`);
  }
  if (values.origin !== undefined) {
    throw new ReleaseError('--origin applies to one app; move it with a release of that app on its own.');
  }
  const apps = setMembers(names);
  const canary = values.canary === undefined ? undefined : percent('--canary', values.canary);
  const from = values.from;
  if (!from && !values['skip-build']) for (const app of apps) build(app.dir);
  const builds = apps.map((app, i) => ({
    app: app.name,
    dir: from ? typedFolder(from[i]!) : path.join(repoRoot, app.dir, 'dist'),
  }));
  print(cmd, describeChange(await releaseSet(cmd.store(), builds, { canary, ...recorded(cmd) })));
}

/** The API's telemetry since a moment, or why it could not be read (status still shows the rest). */
async function readHealth(cmd: Invocation, since: Date): Promise<HealthSource> {
  try {
    return { summary: await new TelemetryApi(apiAccess(cmd.values.api)).summary(since) };
  } catch (error) {
    if (error instanceof ApiUnavailable) return { unavailable: error.message };
    throw error;
  }
}

function positive(option: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = number(option, value);
  if (parsed < 0) throw new ReleaseError(`${option} takes a number of 0 or more (got "${value}").`);
  return parsed;
}

/** release:watch: judges the app's canary every interval (or once), rolling it back when worse; the exit code. */
async function watch(cmd: Invocation, appName: string): Promise<number> {
  const { values } = cmd;
  const app = findApp(appName).name;
  const options = {
    minSample: positive('--min-sample', values['min-sample'], DEFAULT_WATCH.minSample),
    windowMinutes: positive('--window', values.window, DEFAULT_WATCH.windowMinutes),
    marginPoints: positive('--margin', values.margin, DEFAULT_WATCH.marginPoints),
    z: positive('--z', values.z, DEFAULT_WATCH.z!),
    vitals: {
      lcpMs: positive('--lcp-margin', values['lcp-margin'], DEFAULT_VITAL_MARGINS.lcpMs),
      inpMs: positive('--inp-margin', values['inp-margin'], DEFAULT_VITAL_MARGINS.inpMs),
      cls: positive('--cls-margin', values['cls-margin'], DEFAULT_VITAL_MARGINS.cls),
      minSample: positive('--vitals-min-sample', values['vitals-min-sample'], DEFAULT_VITAL_MARGINS.minSample),
    },
    trustBrowserErrors: values['trust-browser-errors'] ?? false,
    trustBrowserVitals: values['trust-browser-vitals'] ?? false,
  };
  const intervalMs = positive('--interval', values.interval, DEFAULT_WATCH.intervalSeconds) * 1000;
  const api = new TelemetryApi(apiAccess(values.api));
  const check = async (): Promise<number> => {
    try {
      const verdict = await watchOnce(cmd.store(), app, (since, name) => api.summary(since, name), options);
      print(cmd, `${new Date().toISOString()} ${verdict.message}`);
      return verdict.action === 'rollback' ? 2 : verdict.action === 'hold' ? 3 : 0;
    } catch (error) {
      if (!(error instanceof ApiUnavailable)) throw error;
      cmd.out.stderr(`${new Date().toISOString()} ${app}: cannot judge the canary: ${error.message}\n`);
      return 1;
    }
  };
  if (values.once) return check();
  print(
    cmd,
    `Watching ${app}'s canary every ${intervalMs / 1000} s: minimum ${options.minSample} page loads in ` +
      `${options.windowMinutes} min, margin ${options.marginPoints} points at z ${options.z}; web vitals p75 margins LCP ` +
      `${options.vitals.lcpMs} ms, INP ${options.vitals.inpMs} ms, CLS ${options.vitals.cls} ` +
      `from ${options.vitals.minSample} page loads; render errors ${options.trustBrowserErrors ? 'roll back' : 'hold'}, ` +
      `vitals ${options.trustBrowserVitals ? 'roll back' : 'hold'} (Ctrl+C stops)`,
  );
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  while (!stopped) {
    await check();
    const until = Date.now() + intervalMs;
    while (!stopped && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, intervalMs)));
  }
  return 0;
}

/** The API an api command is about: --serves, else the one answering at --api, else this checkout's. */
async function apiToDeploy(cmd: Invocation): Promise<ApiContract> {
  const { values } = cmd;
  if (values.serves !== undefined) {
    if (values.api !== undefined) throw new ReleaseError('Give --serves or --api, not both.');
    return { contract: CONTRACT_VERSION, serves: values.serves };
  }
  if (values.api !== undefined) return readApiContract(apiAccess(values.api).url);
  return { contract: CONTRACT_VERSION, serves: SERVED_CONTRACTS };
}

/** release:api; the exit code (with --check: 1 when the API would strand a build). */
async function api(cmd: Invocation): Promise<number> {
  if (cmd.args.length) throw new ReleaseError('api takes no app name. See --help.');
  const deploy = await apiToDeploy(cmd);
  if (cmd.values.check) {
    const stranded = await checkApiDeploy(cmd.store(), deploy);
    print(
      cmd,
      stranded.length
        ? [
            `An API serving contracts ${deploy.serves} would break:`,
            ...stranded.map((b) => `  ${describeStranded(b)}`),
          ].join('\n')
        : `An API serving contracts ${deploy.serves} serves every stable, canary and rollback-target build.`,
    );
    return stranded.length ? 1 : 0;
  }
  const result = await recordApiDeploy(cmd.store(), deploy, { force: cmd.values.force });
  const lines = result.changed
    ? [
        `api: recorded contract ${result.to.contract}, serving ${result.to.serves} (was ${result.from ? `${result.from.contract}, serving ${result.from.serves}` : 'none recorded'})`,
      ]
    : [`api: contract ${result.to.contract}, serving ${result.to.serves}, is already recorded; nothing changed.`];
  for (const build of result.forced) lines.push(`  forced: ${describeStranded(build)}`);
  print(cmd, lines.join('\n'));
  return 0;
}

function oneApp(cmd: Invocation, what: string): string {
  if (cmd.args.length !== 1) throw new ReleaseError(`Name one app to ${what}. See --help.`);
  return cmd.args[0]!;
}

/** Runs the command named; its exit code. */
async function runCommand(cmd: Invocation, command: string | undefined): Promise<number> {
  const { values, args } = cmd;
  if (values.help || !command) {
    print(cmd, usage);
    return 0;
  }
  switch (command) {
    case 'release': {
      if (values.all) {
        if (values.from) throw new ReleaseError('--from names the folder of one app; it cannot be used with --all.');
        if (values.canary) throw new ReleaseError('--canary applies to one app; it cannot be used with --all.');
        for (const app of releasableApps) await releaseOne(cmd, app.name);
        return 0;
      }
      if (args.length > 1) await releaseTogether(cmd, args);
      else await releaseOne(cmd, oneApp(cmd, 'release'));
      return 0;
    }
    case 'promote': {
      const named = oneApp(cmd, 'promote');
      print(cmd, describeChange(await promote(cmd.store(), named, recorded(cmd)), named));
      return 0;
    }
    case 'share': {
      if (args.length !== 2) throw new ReleaseError('Name one app and a percent of browsers. See --help.');
      const share = percent('the share', args[1]!);
      print(cmd, describeChange(await changeCanaryShare(cmd.store(), args[0]!, { canary: share, ...recorded(cmd) })));
      return 0;
    }
    case 'rollback': {
      if (args.length < 1 || args.length > 2)
        throw new ReleaseError(`Name one app or release set, and optionally a version. See --help.`);
      const result = await rollback(cmd.store(), args[0]!, args[1], { origin: values.origin, ...recorded(cmd) });
      print(cmd, describeChange(result, args[0]));
      return 0;
    }
    case 'prune': {
      if (values.keep === undefined) throw new ReleaseError(`Say how many versions to keep: --keep <n>. See --help.`);
      if (args.length > 1) throw new ReleaseError(`Name at most one app. See --help.`);
      print(cmd, describePrune(await prune(cmd.store(), number('--keep', values.keep), { app: args[0] })));
      return 0;
    }
    case 'status': {
      const minutes = values.since === undefined ? 24 * 60 : number('--since', values.since);
      const source = await readHealth(cmd, new Date(Date.now() - minutes * 60_000));
      print(cmd, `Releases in ${cmd.store().describe()}\n${describeStatus(await status(cmd.store()), source)}`);
      return 0;
    }
    case 'history': {
      const app = args[0] ? findApp(args[0]).name : null;
      const limit = values.limit === undefined ? HISTORY_LIMIT : number('--limit', values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new ReleaseError(`--limit takes a whole number of changes, 1 or more (got ${values.limit}).`);
      const entries = (await cmd.store().readHistory()).filter((e) => !app || concerns(e, app));
      const page = entries.slice(-limit).reverse();
      const older = entries.length - page.length;
      const more = older ? [`(${older} older; --limit ${entries.length} shows all)`] : [];
      print(cmd, page.length ? [...page.map(describeEntry), ...more].join('\n') : 'No releases yet.');
      return 0;
    }
    case 'watch': {
      const named = oneApp(cmd, 'watch');
      if (!isSetId(named)) return watch(cmd, named);
      // A set's canary is judged as one: watching any of its apps watches the set.
      const member = setCanaryApps((await cmd.store().readPointer()).registry, named)[0];
      if (!member) throw new ReleaseError(`Release set ${named} has no canary running.`);
      return watch(cmd, member);
    }
    case 'api':
      return api(cmd);
    default:
      throw new ReleaseError(`Unknown command "${command}". See --help.`);
  }
}

/**
 * The release command line: runs one command with the arguments after the program's name, reading
 * its settings from `env` only and printing to `out`; returns the exit code (every failure is one
 * `error: ...` line and 1: no stack trace, nothing after it). The bin (release.ts) gives it the
 * process's; tests run it in process.
 */
export function main(argv: readonly string[], env: Environment, out: CommandOutput): Promise<number> {
  return withEnvironment(env, async () => {
    try {
      const { values, positionals } = parseCommandLine(argv);
      const [command, ...args] = positionals;
      let chosen: ReleaseStore | undefined;
      const store = () => (chosen ??= configuredStore(values['releases-dir']));
      return await runCommand({ values, args, out, store }, command);
    } catch (error) {
      out.stderr(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  });
}
