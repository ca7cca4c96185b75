import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '@kloof/test-kit/e2e/chromium';
import { median } from './figures';
import { withSession } from './lighthouse-session';
import type { Credentials } from './signed-in-loads';

/** One Lighthouse mobile run: the four category scores and the page's Web Vitals (ms, CLS unitless). */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** The performance audits that cost points, most first (points of 100 lost). */
  costs?: AuditCost[];
}

/** What one weighted audit cost the performance score, e.g. LCP 4.1 s: 18 points. */
export interface AuditCost {
  title: string;
  display: string;
  points: number;
}

export type LighthouseKey = Exclude<keyof LighthouseRun, 'costs'>;

/** Every run of one URL, and their medians. */
export interface LighthouseSeries {
  runs: LighthouseRun[];
  median: LighthouseRun;
}

const chromeFlags = ['--headless=new', ...chromiumArgs].join(' ');

const keys: LighthouseKey[] = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'lcpMs',
  'fcpMs',
  'tbtMs',
  'cls',
];

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title?: string; displayValue?: string }>;
}

/** The performance score is the weighted mean of its metric audits: each audit's share of the loss. */
function auditCosts(report: LighthouseReport): AuditCost[] {
  const refs = (report.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs
    .map((ref) => {
      const audit = report.audits[ref.id];
      return {
        title: audit?.title ?? ref.id,
        display: audit?.displayValue ?? '',
        points: (100 * ref.weight * (1 - (audit?.score ?? 0))) / totalWeight,
      };
    })
    .filter((cost) => cost.points >= 0.5)
    .sort((a, b) => b.points - a.points);
}

/** Where to keep each run's full report (to read why a score is what it is), or nowhere. */
export interface KeepReports {
  dir: string;
  /** File name stem of this URL's reports, e.g. `prerendered-pricing`; the run number is appended. */
  name: string;
}

/**
 * Runs the Lighthouse CLI as a child process without blocking this process: the monolith is served
 * from it (startMonolith), and a blocked event loop would leave Lighthouse waiting on that server.
 */
function lighthouseCli(lighthouseBin: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      lighthouseBin,
      args,
      { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (_error, _stdout, stderr) => resolve(stderr),
    );
  });
}

async function runOnce(
  url: string,
  lighthouseBin: string,
  keep?: KeepReports & { run: number },
  session?: Credentials,
): Promise<LighthouseRun> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  // Signed in: a browser of ours holds the session, and Lighthouse must not clear it.
  const stderr = session
    ? await withSession(new URL(url).origin, session, (port) =>
        lighthouseCli(lighthouseBin, [...args, `--port=${port}`, '--disable-storage-reset']),
      )
    : await lighthouseCli(lighthouseBin, [...args, `--chrome-flags=${chromeFlags}`]);
  if (!fs.existsSync(out)) {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    throw new Error(`Lighthouse failed for ${url}: ${stderr.slice(-500)}`);
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
  if (keep) {
    fs.mkdirSync(keep.dir, { recursive: true });
    fs.copyFileSync(out, path.join(keep.dir, `${keep.name}-${keep.run}.json`));
  }
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  const audit = (key: string) => report.audits[key]?.numericValue ?? Number.NaN;
  // A run that could not measure the page (e.g. no paint before Lighthouse gave up on a loaded
  // machine) scores 0 with no metrics: it is tried again, never counted into a median.
  const measured = ['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time'].every((key) =>
    Number.isFinite(audit(key)),
  );
  if (report.runtimeError || report.categories.performance?.score == null || !measured) {
    throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError?.code ?? 'no metrics'}`);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    costs: auditCosts(report),
  };
}

/** A run whose browser crashed (it happens on a loaded machine) is tried again, up to 3 times. */
async function runWithRetries(
  url: string,
  lighthouseBin: string,
  keep?: KeepReports & { run: number },
  session?: Credentials,
  attempts = 3,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, lighthouseBin, keep, session);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${(error as Error).message.split('\n')[0]}; trying again`);
    }
  }
}

/**
 * `runs` Lighthouse mobile runs of one URL; each figure's median is taken on its own (TBT is noisy).
 * With `session`, each run is signed in as that account (a fresh session's tokens in localStorage).
 */
export async function lighthouseSeries(
  url: string,
  lighthouseBin: string,
  runs: number,
  keep?: KeepReports,
  session?: Credentials,
): Promise<LighthouseSeries> {
  // One run after the other: they never compete for the CPU.
  const all: LighthouseRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    all.push(await runWithRetries(url, lighthouseBin, keep && { ...keep, run }, session));
  }
  const medianRun = { ...all[0]! };
  for (const key of keys) medianRun[key] = median(all.map((run) => run[key]));
  // What cost points in the run that scored the median (the figures' medians come from several runs).
  medianRun.costs = all.find((run) => run.performance === medianRun.performance)?.costs;
  return { runs: all, median: medianRun };
}

/** The lowest and highest single run of one figure. */
export function spread(series: LighthouseSeries, key: LighthouseKey): [number, number] {
  const values = series.runs.map((run) => run[key]);
  return [Math.min(...values), Math.max(...values)];
}
