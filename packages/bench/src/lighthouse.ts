import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '@kloof/test-kit/e2e/chromium';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

const chromeFlags = ['--headless=new', ...chromiumArgs].join(' ');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function runOnce(url: string, lighthouseBin: string): LighthouseScores {
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
  const { categories } = JSON.parse(fs.readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }> };
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
}

/** Lighthouse mobile scores, median of `runs` runs per category (TBT is noisy). */
export function lighthouseScores(url: string, lighthouseBin: string, runs = 3): LighthouseScores {
  const all = Array.from({ length: runs }, () => runOnce(url, lighthouseBin));
  return {
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    bestPractices: median(all.map((s) => s.bestPractices)),
    seo: median(all.map((s) => s.seo)),
  };
}
