import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '@kloof/test-kit/e2e/chromium';

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
}

export type LighthouseKey = keyof LighthouseRun;

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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function runOnce(url: string, lighthouseBin: string): LighthouseRun {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  const result = spawnSync(
    lighthouseBin,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--form-factor=mobile',
      `--chrome-flags=${chromeFlags}`,
      '--only-categories=performance,accessibility,best-practices,seo',
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8' },
  );
  if (!fs.existsSync(out)) throw new Error(`Lighthouse failed for ${url}: ${result.stderr.slice(-500)}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseReport;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  const audit = (key: string) => report.audits[key]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

/** A run whose browser crashed (it happens on a loaded machine) is tried again, up to 3 times. */
function runWithRetries(url: string, lighthouseBin: string, attempts = 3): LighthouseRun {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runOnce(url, lighthouseBin);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${(error as Error).message.split('\n')[0]}; trying again`);
    }
  }
}

/** `runs` Lighthouse mobile runs of one URL; each figure's median is taken on its own (TBT is noisy). */
export function lighthouseSeries(url: string, lighthouseBin: string, runs: number): LighthouseSeries {
  const all = Array.from({ length: runs }, () => runWithRetries(url, lighthouseBin));
  const medianRun = { ...all[0]! };
  for (const key of keys) medianRun[key] = median(all.map((run) => run[key]));
  return { runs: all, median: medianRun };
}

/** The lowest and highest single run of one figure. */
export function spread(series: LighthouseSeries, key: LighthouseKey): [number, number] {
  const values = series.runs.map((run) => run[key]);
  return [Math.min(...values), Math.max(...values)];
}
