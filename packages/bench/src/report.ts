import type { FirstLoad } from './first-load';
import type { LighthouseScores } from './lighthouse';

export interface RouteResult {
  route: string;
  federated: FirstLoad;
  monolith: FirstLoad;
  lighthouse: LighthouseScores | null;
}

export interface BenchResult {
  date: string;
  buildSeconds: { allApps: number; oneRemote: number; monolith: number };
  routes: RouteResult[];
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(2));

/** The readable table: one row per route, federated against monolith. */
export function markdownReport(result: BenchResult): string {
  const lines = [
    `Bench of ${result.date}. Bytes are gzip -9 of the first load (empty cache); Lighthouse is mobile, median of 3.`,
    '',
    `Build: all apps ${result.buildSeconds.allApps.toFixed(1)} s, one remote (marketing) ${result.buildSeconds.oneRemote.toFixed(1)} s, monolith ${result.buildSeconds.monolith.toFixed(1)} s.`,
    '',
    '| route | JS KB (fed) | CSS KB | requests (fed) | JS KB (mono) | requests (mono) | JS ratio | requests ratio | LH perf | a11y | best pr. | SEO |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of result.routes) {
    const lh = r.lighthouse;
    lines.push(
      `| ${r.route} | ${kb(r.federated.jsBytes)} | ${kb(r.federated.cssBytes)} | ${r.federated.requests} | ${kb(r.monolith.jsBytes)} | ${r.monolith.requests} | ${ratio(r.federated.jsBytes, r.monolith.jsBytes)} | ${ratio(r.federated.requests, r.monolith.requests)} | ${lh?.performance ?? 'n/a'} | ${lh?.accessibility ?? 'n/a'} | ${lh?.bestPractices ?? 'n/a'} | ${lh?.seo ?? 'n/a'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
