import type { FirstLoad } from './first-load';
import { CPU_SLOWDOWN, HOVER_BEFORE_CLICK_MS, journeySteps, stepFigures, type JourneySeries } from './journeys';
import { spread, type LighthouseKey, type LighthouseSeries } from './lighthouse';
import { budgets, targets } from './budgets';
import { authRoutes } from './routes';
import { signedInLines, type SignedInResult } from './signed-in-report';

/** The three builds a user would compare. */
export const variants = ['federated', 'monolith', 'prerendered'] as const;
export type Variant = (typeof variants)[number];

export interface VariantResult {
  firstLoad: FirstLoad;
  /** Lighthouse mobile runs (null: not measured, e.g. a signed-in page). */
  lighthouse: LighthouseSeries | null;
}

export interface RouteResult {
  route: string;
  results: Record<Variant, VariantResult>;
}

export interface BenchResult {
  date: string;
  /** Lighthouse runs per route and build (the median of them is reported). */
  runs: number;
  /** The machine's 1/5/15-minute load averages when the run started and ended (the machine is shared). */
  load: { start: number[]; end: number[]; cores: number };
  buildSeconds: { allApps: number; oneRemote: number; monolith: number };
  routes: RouteResult[];
  /** Each remote page: gzip JS it downloads beyond what the host already loaded. */
  remotePages: { id: string; jsBytes: number }[];
  /** Signed-in journeys of an Admin per build, cold and warm (none when not measured). */
  journeys?: Partial<Record<Variant, JourneySeries>>;
  /** Issue 40's signed-in loads, waterfalls, Lighthouse with a session and interactions (none when not measured). */
  signedIn?: SignedInResult;
  /** False while the run is still going (results are written after every route). */
  complete?: boolean;
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const ratio = (a: number, b: number): string => (b === 0 || !Number.isFinite(a / b) ? 'n/a' : (a / b).toFixed(2));
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const formats: Record<LighthouseKey, (value: number) => string> = {
  performance: String,
  accessibility: String,
  bestPractices: String,
  seo: String,
  lcpMs: seconds,
  fcpMs: seconds,
  tbtMs: (ms) => String(Math.round(ms)),
  cls: (value) => value.toFixed(3),
};

/** `median (lowest-highest)` of one Lighthouse figure, or n/a. */
function figure(series: LighthouseSeries | null, key: LighthouseKey): string {
  if (!series) return 'n/a';
  const format = formats[key];
  const [low, high] = spread(series, key);
  return low === high ? format(series.median[key]) : `${format(series.median[key])} (${format(low)}-${format(high)})`;
}

const loadText = (load: number[]): string => load.map((value) => value.toFixed(2)).join(' / ');

/** The readable report: per route, the three builds side by side, then the ratios and budgets. */
export function markdownReport(result: BenchResult): string {
  const lines = [
    `Bench of ${result.date}. Bytes are gzip -9 of the first load (empty cache). Lighthouse 13 is mobile (simulated throttling), median of ${result.runs} runs, the lowest-highest single run in brackets; LCP/FCP in s, TBT in ms.`,
    '',
    `Machine load (1/5/15 min, ${result.load.cores} cores): ${loadText(result.load.start)} at the start, ${loadText(result.load.end)} at the end.`,
    ...(result.complete === false
      ? ['', '**Partial: the run was still going (or was stopped) after the routes below.**']
      : []),
    '',
    `Build: all apps ${result.buildSeconds.allApps.toFixed(1)} s, one remote (marketing) ${result.buildSeconds.oneRemote.toFixed(1)} s, monolith ${result.buildSeconds.monolith.toFixed(1)} s.`,
    '',
    '| route | build | JS KB | requests | LH perf | LCP s | FCP s | TBT ms | CLS | a11y | best pr. | SEO |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of result.routes) {
    for (const variant of variants) {
      const { firstLoad, lighthouse } = r.results[variant];
      lines.push(
        `| ${r.route} | ${variant} | ${kb(firstLoad.jsBytes)} | ${firstLoad.requests} | ${figure(lighthouse, 'performance')} | ${figure(lighthouse, 'lcpMs')} | ${figure(lighthouse, 'fcpMs')} | ${figure(lighthouse, 'tbtMs')} | ${figure(lighthouse, 'cls')} | ${figure(lighthouse, 'accessibility')} | ${figure(lighthouse, 'bestPractices')} | ${figure(lighthouse, 'seo')} |`,
      );
    }
  }
  lines.push(
    '',
    'Ratios to the monolith in this run (JS bytes; TBT medians):',
    '',
    '| route | JS fed/mono | JS prerendered/mono | TBT fed/mono | TBT prerendered/mono |',
    '|---|---|---|---|---|',
  );
  for (const r of result.routes) {
    const { federated, monolith, prerendered } = r.results;
    const tbt = (v: VariantResult) => v.lighthouse?.median.tbtMs ?? Number.NaN;
    lines.push(
      `| ${r.route} | ${ratio(federated.firstLoad.jsBytes, monolith.firstLoad.jsBytes)} | ${ratio(prerendered.firstLoad.jsBytes, monolith.firstLoad.jsBytes)} | ${ratio(tbt(federated), tbt(monolith))} | ${ratio(tbt(prerendered), tbt(monolith))} |`,
    );
  }
  lines.push('', ...budgetLines(result), '', ...targetLines(result), ...journeyLines(result));
  lines.push('', '| remote page | JS KB beyond the host |', '|---|---|');
  for (const page of result.remotePages) lines.push(`| ${page.id} | ${kb(page.jsBytes)} |`);
  lines.push(...signedInLines(result.signedIn));
  return `${lines.join('\n')}\n`;
}

const verdict = (ok: boolean): string => (ok ? 'met' : '**not met**');

/** The byte budgets (tested in e2e/budgets.spec.ts) against this run. */
function budgetLines(result: BenchResult): string[] {
  const home = result.routes.find((r) => r.route === '/');
  const heaviest = [...result.remotePages].sort((a, b) => b.jsBytes - a.jsBytes)[0];
  const lines = ['Budgets (bytes, tested):'];
  if (home) {
    const federated = home.results.federated.firstLoad.jsBytes;
    const overhead = federated / home.results.monolith.firstLoad.jsBytes;
    lines.push(
      `- first load of /: ${kb(federated)} KB of at most ${kb(budgets.homeFirstLoadBytes)} KB: ${verdict(federated <= budgets.homeFirstLoadBytes)}`,
      `- federation overhead on /: ${overhead.toFixed(2)}x of at most ${budgets.federationOverheadCeiling}x (ceiling): ${verdict(overhead <= budgets.federationOverheadCeiling)}`,
    );
  }
  if (heaviest) {
    lines.push(
      `- heaviest remote page: ${heaviest.id}, ${kb(heaviest.jsBytes)} KB beyond the host, of at most ${kb(budgets.remotePageBytes)} KB: ${verdict(heaviest.jsBytes <= budgets.remotePageBytes)}`,
    );
  }
  return lines;
}

/** Issues 17 and 28's timing targets, for the prerendered build of every page a visitor opens: reported, never asserted. */
function targetLines(result: BenchResult): string[] {
  const lines = ['Targets (prerendered build, Lighthouse medians; reported, not tested):'];
  for (const r of result.routes) {
    const lh = r.results.prerendered.lighthouse?.median;
    if (!lh) continue;
    const lcpTarget = (authRoutes as readonly string[]).includes(r.route) ? targets.authLcpMs : targets.lcpMs;
    const misses = [
      lh.performance < targets.performance && `performance ${lh.performance} < ${targets.performance}`,
      lh.lcpMs > lcpTarget && `LCP ${seconds(lh.lcpMs)} s > ${seconds(lcpTarget)} s`,
      lh.tbtMs > targets.tbtMs && `TBT ${Math.round(lh.tbtMs)} ms > ${targets.tbtMs} ms`,
      lh.cls > targets.cls && `CLS ${lh.cls.toFixed(3)} > ${targets.cls}`,
      (lh.accessibility < 100 || lh.bestPractices < 100 || lh.seo < 100) &&
        `a11y/best pr./SEO ${lh.accessibility}/${lh.bestPractices}/${lh.seo}`,
    ].filter(Boolean);
    // Both federated builds against the monolith: the prerendered one is what production serves
    // for this page; the SPA shell is what every page would cost without the prerendering.
    const monoTbt = r.results.monolith.lighthouse?.median.tbtMs;
    for (const variant of ['prerendered', 'federated'] as const) {
      const tbt = r.results[variant].lighthouse?.median.tbtMs;
      if (tbt !== undefined && monoTbt !== undefined && monoTbt > 0 && tbt / monoTbt > targets.tbtRatio) {
        misses.push(`${variant} TBT ${(tbt / monoTbt).toFixed(2)}x the monolith's > ${targets.tbtRatio}x`);
      }
    }
    lines.push(`- ${r.route}: ${misses.length ? `**not met**: ${misses.join('; ')}` : 'met'}`);
  }
  return lines;
}

const stepNames: Record<(typeof journeySteps)[number], string> = {
  signIn: 'sign-in -> dashboard',
  toProjects: 'dashboard -> projects',
  toManage: 'projects -> Manage',
};

/** The signed-in journeys: per step, build and cache state, the median and spread in ms. */
function journeyLines(result: BenchResult): string[] {
  const measured = variants.filter((variant) => result.journeys?.[variant]);
  if (!measured.length) return [];
  const lines = [
    '',
    `Signed-in journeys of an Admin (ms from the click to the first frame with the next page's content, CPU ${CPU_SLOWDOWN}x slower as Lighthouse mobile, 1280 px; the pointer rests ${HOVER_BEFORE_CLICK_MS} ms on a link before its click; cold: new profile, warm: same profile, new page load; median (lowest-highest)):`,
    '',
    `| step | ${measured.flatMap((v) => [`${v} cold`, `${v} warm`]).join(' | ')} |`,
    `|---|${measured.flatMap(() => ['---', '---']).join('|')}|`,
  ];
  const cell = (times: JourneySeries['cold'], step: (typeof journeySteps)[number]): string => {
    if (!times.length) return 'n/a';
    const { median, low, high } = stepFigures(times, step);
    return `${Math.round(median)} (${Math.round(low)}-${Math.round(high)})`;
  };
  for (const step of journeySteps) {
    const cells = measured.flatMap((v) => [
      cell(result.journeys![v]!.cold, step),
      cell(result.journeys![v]!.warm, step),
    ]);
    lines.push(`| ${stepNames[step]} | ${cells.join(' | ')} |`);
  }
  return lines;
}
