import { figuresOf, formatMs, formatSeconds } from './figures';
import { interactionNames, type Interaction, type InteractionTimes } from './interactions';
import type { LighthouseSeries } from './lighthouse';
import { phoneProfile } from './phone-profile';
import { PUBLIC_YARDSTICK } from './routes';
import type { LoadTiming } from './signed-in-loads';
import { drawWaterfall } from './waterfall';

/** The builds the signed-in part measures (a subset of the bench's variants). */
export type SignedInBuild = 'federated' | 'monolith' | 'prerendered';

export interface SignedInLoads {
  route: string;
  builds: Partial<Record<SignedInBuild, { cold: LoadTiming[]; warm: LoadTiming[] }>>;
}

/** Issue 40's signed-in measurements, all on the same builds in the same run. */
export interface SignedInResult {
  profile: typeof phoneProfile;
  builds: SignedInBuild[];
  loads: SignedInLoads[];
  lighthouse: { route: string; builds: Partial<Record<SignedInBuild, LighthouseSeries>> }[];
  interactions: Partial<Record<SignedInBuild, InteractionTimes[]>>;
}

/** Issue 40's targets: reported, never asserted. */
export const signedInTargets = { coldToPublic: 1.5, warmMs: 1000, inpMs: 200, lighthouse: 95 };

const doneFigures = (loads: LoadTiming[] | undefined) => figuresOf((loads ?? []).map((load) => load.doneMs));

/** The load whose done time is the median one (its waterfall stands for the series). */
function medianLoad(loads: LoadTiming[]): LoadTiming | undefined {
  const sorted = [...loads].sort((a, b) => a.doneMs - b.doneMs);
  return sorted[Math.floor(sorted.length / 2)];
}

function loadTable(result: SignedInResult): string[] {
  const { builds } = result;
  const lines = [
    `| page | ${builds.flatMap((b) => [`${b} cold s`, `${b} warm s`]).join(' | ')} |`,
    `|---|${builds.flatMap(() => ['---', '---']).join('|')}|`,
  ];
  for (const { route, builds: measured } of result.loads) {
    const cells = builds.flatMap((b) => [
      formatSeconds(doneFigures(measured[b]?.cold)),
      formatSeconds(doneFigures(measured[b]?.warm)),
    ]);
    lines.push(`| ${route} | ${cells.join(' | ')} |`);
  }
  const yardstick = result.loads.find((loads) => loads.route === PUBLIC_YARDSTICK);
  if (!yardstick) return lines;
  lines.push(
    '',
    `Cold medians against ${PUBLIC_YARDSTICK} of the same build (target <= ${signedInTargets.coldToPublic}x), warm against ${signedInTargets.warmMs} ms:`,
    '',
    `| page | ${builds.map((b) => `${b} cold / ${PUBLIC_YARDSTICK}`).join(' | ')} | ${builds.map((b) => `${b} warm`).join(' | ')} |`,
    `|---|${builds.map(() => '---').join('|')}|${builds.map(() => '---').join('|')}|`,
  );
  for (const { route, builds: measured } of result.loads) {
    if (route === PUBLIC_YARDSTICK) continue;
    const ratios = builds.map((b) => {
      const cold = doneFigures(measured[b]?.cold)?.median;
      const publicCold = doneFigures(yardstick.builds[b]?.cold)?.median;
      if (cold === undefined || !publicCold) return 'n/a';
      const ratio = cold / publicCold;
      return `${ratio.toFixed(2)}x${ratio > signedInTargets.coldToPublic ? ' (over)' : ''}`;
    });
    const warm = builds.map((b) => {
      const median = doneFigures(measured[b]?.warm)?.median;
      return median === undefined ? 'n/a' : median <= signedInTargets.warmMs ? 'met' : '**not met**';
    });
    lines.push(`| ${route} | ${ratios.join(' | ')} | ${warm.join(' | ')} |`);
  }
  return lines;
}

function waterfalls(result: SignedInResult): string[] {
  const lines: string[] = [];
  for (const { route, builds: measured } of result.loads) {
    for (const build of result.builds) {
      const load = medianLoad(measured[build]?.cold ?? []);
      if (!load) continue;
      lines.push(
        '',
        `${route}, ${build}, cold (the median run: done at ${(load.doneMs / 1000).toFixed(2)} s, ${load.requests.length} requests):`,
        '',
        '```text',
        ...drawWaterfall(load.requests, load.documentUrl, load.doneMs),
        '```',
      );
    }
  }
  return lines;
}

function lighthouseTable(result: SignedInResult): string[] {
  if (!result.lighthouse.length) return [];
  const lines = [
    '',
    `Lighthouse 13 mobile on the signed-in pages, a fresh session's tokens in localStorage before each run (target >= ${signedInTargets.lighthouse}); median (lowest-highest); what cost points in the median-scoring run:`,
    '',
    '| page | build | LH perf | LCP s | FCP s | TBT ms | CLS | a11y | best pr. | SEO | points lost |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { route, builds } of result.lighthouse) {
    for (const build of result.builds) {
      const series = builds[build];
      if (!series) continue;
      const of = (
        key: 'performance' | 'lcpMs' | 'fcpMs' | 'tbtMs' | 'cls' | 'accessibility' | 'bestPractices' | 'seo',
      ) => figuresOf(series.runs.map((run) => run[key]));
      const plain = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo') => formatMs(of(key));
      const costs = (series.median.costs ?? [])
        .map((cost) => `${cost.title}${cost.display ? ` ${cost.display}` : ''}: ${cost.points.toFixed(0)}`)
        .join('; ');
      const cls = of('cls');
      lines.push(
        `| ${route} | ${build} | ${plain('performance')} | ${formatSeconds(of('lcpMs'))} | ${formatSeconds(of('fcpMs'))} | ${formatMs(of('tbtMs'))} | ${cls ? cls.median.toFixed(3) : 'n/a'} | ${plain('accessibility')} | ${plain('bestPractices')} | ${plain('seo')} | ${costs || 'none'} |`,
      );
    }
  }
  return lines;
}

const interactionTitles: Record<Interaction, string> = {
  openDialog: 'open the create-project dialog (click)',
  switchWorkspace: "switch the projects' workspace filter (keyboard)",
  saveProfile: 'save the profile form (click)',
};

function interactionTable(result: SignedInResult): string[] {
  const measured = result.builds.filter((build) => result.interactions[build]?.length);
  if (!measured.length) return [];
  const lines = [
    '',
    `Interactions at ${phoneProfile.cpuSlowdown}x CPU, 1280 px, network not throttled: INP in ms (Event Timing, the longest event of the interaction, as web-vitals counts it; target < ${signedInTargets.inpMs} ms), median (lowest-highest); "<16" is under Event Timing's floor:`,
    '',
    `| interaction | ${measured.join(' | ')} |`,
    `|---|${measured.map(() => '---').join('|')}|`,
  ];
  for (const name of interactionNames) {
    const cells = measured.map((build) => {
      const runs = result.interactions[build]!;
      const values = runs.map((run) => run[name] ?? 0);
      const figures = figuresOf(values);
      if (!figures || figures.high === 0) return '<16';
      return `${formatMs(figures)}${figures.median >= signedInTargets.inpMs ? ' **over**' : ''}`;
    });
    lines.push(`| ${interactionTitles[name]} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The signed-in part of latest.md: loads, waterfalls, Lighthouse with a session, interactions. */
export function signedInLines(result: SignedInResult | undefined): string[] {
  if (!result) return [];
  const { latencyMs, downloadKbps, uploadKbps, cpuSlowdown } = result.profile;
  const runs = Math.max(0, ...result.loads.flatMap((l) => Object.values(l.builds).map((b) => b?.cold.length ?? 0)));
  const loads = runs
    ? [
        '',
        `A returning client (a verified Admin the bench made, with 2 workspaces, 3 projects, 3 links; a fresh session's tokens in localStorage) on a throttled phone: ${latencyMs} ms round trip, ${(downloadKbps / 1000).toFixed(1)} Mbps down, ${uploadKbps} kbps up (CDP network emulation, on the page and, warm, on its service worker), CPU ${cpuSlowdown}x slower, 412 px. Cold: new profile, empty HTTP cache, no service worker. Warm: the same profile, a new page once the service worker controlled the first. Seconds from the navigation to the first frame with a heading in \`<main>\` and nothing in it still loading (src/page-done.ts); median (lowest-highest) of ${runs} runs, the builds alternating within each run.`,
        '',
        ...loadTable(result),
        '',
        '### The chain, cold',
        '',
        'Every request from the navigation to done (start and end in ms since the navigation; Resource Timing), one line each in the order they started; the bar spans the request on a scale of the whole load.',
        ...waterfalls(result),
      ]
    : [];
  const lines = [
    '',
    '## Signed-in loads (issue 40)',
    ...loads,
    ...lighthouseTable(result),
    ...interactionTable(result),
  ];
  return lines;
}
