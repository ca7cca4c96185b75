import type { FirstLoad } from './first-load';
import type { LighthouseScores } from './lighthouse';
import { budgets } from './budgets';

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
  /** Each remote page: gzip JS it downloads beyond what the host already loaded. */
  remotePages: { id: string; jsBytes: number }[];
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
  lines.push('', ...budgetLines(result));
  lines.push('', '| remote page | JS KB beyond the host |', '|---|---|');
  for (const page of result.remotePages) lines.push(`| ${page.id} | ${kb(page.jsBytes)} |`);
  return `${lines.join('\n')}\n`;
}

const verdict = (ok: boolean): string => (ok ? 'met' : '**not met**');

/** Issue 9's budgets against this run. */
function budgetLines(result: BenchResult): string[] {
  const home = result.routes.find((r) => r.route === '/');
  const heaviest = [...result.remotePages].sort((a, b) => b.jsBytes - a.jsBytes)[0];
  const lines = ['Budgets:'];
  if (home) {
    const overhead = home.federated.jsBytes / home.monolith.jsBytes;
    lines.push(
      `- first load of /: ${kb(home.federated.jsBytes)} KB of at most ${kb(budgets.homeFirstLoadBytes)} KB: ${verdict(home.federated.jsBytes <= budgets.homeFirstLoadBytes)}`,
      `- federation overhead on /: ${overhead.toFixed(2)}x of at most ${budgets.federationOverhead}x: ${verdict(overhead <= budgets.federationOverhead)}`,
      `- federation overhead ceiling (regression guard, tested): ${overhead.toFixed(2)}x of at most ${budgets.federationOverheadCeiling}x: ${verdict(overhead <= budgets.federationOverheadCeiling)}`,
    );
    if (home.lighthouse) {
      const lh = home.lighthouse;
      const ok = lh.performance >= 95 && lh.accessibility === 100 && lh.bestPractices === 100 && lh.seo === 100;
      lines.push(
        `- Lighthouse mobile on /: ${lh.performance}/${lh.accessibility}/${lh.bestPractices}/${lh.seo} of 95/100/100/100: ${verdict(ok)}`,
      );
    }
  }
  if (heaviest) {
    lines.push(
      `- heaviest remote page: ${heaviest.id}, ${kb(heaviest.jsBytes)} KB beyond the host, of at most ${kb(budgets.remotePageBytes)} KB: ${verdict(heaviest.jsBytes <= budgets.remotePageBytes)}`,
    );
  }
  return lines;
}
