/** One request of a page load: when it started and ended, ms from the start of the navigation. */
export interface TimedRequest {
  url: string;
  startMs: number;
  endMs: number;
}

/** What a request is in the start-up chain (issue 40: config -> registry -> remote entry -> page -> session -> data). */
export type ChainStep =
  'document' | 'config' | 'registry' | 'remote entry' | 'manifest' | 'script' | 'style' | 'session' | 'data' | 'other';

/** The step a request's URL is in the chain; `documentUrl` is the page's own. */
export function chainStep(url: string, documentUrl: string): ChainStep {
  const parsed = new URL(url, documentUrl);
  if (parsed.href === new URL(documentUrl).href) return 'document';
  const { pathname } = parsed;
  const file = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (pathname === '/v1/current-user') return 'session';
  if (pathname === '/v1' || pathname.startsWith('/v1/')) return 'data';
  if (file === 'config.json') return 'config';
  if (file === 'registry.json') return 'registry';
  if (file.startsWith('remoteEntry')) return 'remote entry';
  if (file === 'mf-manifest.json') return 'manifest';
  if (file.endsWith('.js')) return 'script';
  if (file.endsWith('.css')) return 'style';
  return 'other';
}

/** A request's name as a reader knows it: its path and query on the page's origin, its full URL elsewhere. */
function requestName(url: string, documentUrl: string, max: number): string {
  const parsed = new URL(url, documentUrl);
  const name = parsed.origin === new URL(documentUrl).origin ? `${parsed.pathname}${parsed.search}` : parsed.href;
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

const NAME_WIDTH = 44;
const BAR = '█';

/**
 * A text waterfall of one page load: a line per request in the order they started (step, name,
 * start and end in ms, a bar scaled to time), then the moment the page was done. `width` is the
 * number of characters the whole load spans.
 */
export function drawWaterfall(
  requests: readonly TimedRequest[],
  documentUrl: string,
  doneMs: number,
  width = 60,
): string[] {
  const sorted = [...requests].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const spanMs = Math.max(doneMs, ...sorted.map((request) => request.endMs), 1);
  const column = (ms: number) => Math.min(width - 1, Math.floor((ms / spanMs) * width));
  const ms = (value: number) => String(Math.round(value)).padStart(6);
  const scale = `0 s${`${(spanMs / 1000).toFixed(2)} s`.padStart(width - 3)}`;
  const lines = [
    `${'step'.padEnd(13)}${'request'.padEnd(NAME_WIDTH)} ${'start'.padStart(6)} ${'end'.padStart(6)}  |${scale}|`,
  ];
  for (const request of sorted) {
    const from = column(request.startMs);
    const to = Math.max(from + 1, Math.min(width, Math.ceil((request.endMs / spanMs) * width)));
    const bar = `${' '.repeat(from)}${BAR.repeat(to - from)}`.padEnd(width);
    const step = chainStep(request.url, documentUrl);
    lines.push(
      `${step.padEnd(13)}${requestName(request.url, documentUrl, NAME_WIDTH - 1).padEnd(NAME_WIDTH)} ${ms(request.startMs)} ${ms(request.endMs)}  |${bar}|`,
    );
  }
  const done = `${' '.repeat(column(doneMs))}▏`.padEnd(width);
  lines.push(
    `${'done'.padEnd(13)}${'heading in <main>, nothing loading'.padEnd(NAME_WIDTH)} ${ms(doneMs)} ${''.padStart(6)}  |${done}|`,
  );
  return lines;
}
