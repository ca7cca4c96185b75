/** One event of a Chromium trace (the Trace Event Format, as `browser.stopTracing()` returns it). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** What ran inside a long task: a script evaluated, a function called, microtasks, a timer... */
export interface TaskPart {
  name: string;
  /** The script, or `function@script`, when the event names one. */
  what: string;
  ms: number;
}

export interface MainThreadTask {
  /** Milliseconds after navigation start. */
  startMs: number;
  ms: number;
  parts: TaskPart[];
}

export interface TaskSummary {
  fcpMs: number;
  /** Σ max(0, 4 x duration - 50 ms) over the tasks after first contentful paint (Lighthouse's 4x CPU slowdown). */
  tbtEstimateMs: number;
  /** Tasks after FCP that count as long at 4x (over 12.5 ms of real time). */
  longTasks: number;
  /** Tasks after FCP of at least `listFromMs`, with what ran inside them. */
  tasks: MainThreadTask[];
}

/** Lighthouse mobile's simulated CPU slowdown, and the part of a task that does not block. */
export const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
/** Parts shorter than this are left out of a task's list. */
const PART_MIN_MS = 1;
const PARTS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'v8.compile',
  'v8.compileModule',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
]);

function threadOf(event: TraceEvent): string {
  return `${event.pid}:${event.tid}`;
}

function fileOf(url: string | undefined): string {
  return url ? url.replace(/[?#].*$/, '').replace(/^.*\//, '') : '';
}

function describe(event: TraceEvent): string {
  const data = event.args?.data;
  const file = fileOf(data?.url);
  return data?.functionName ? `${data.functionName}@${file}` : file;
}

/**
 * The page's main-thread tasks after its first contentful paint, as Lighthouse counts Total
 * Blocking Time from them: every task observed without throttling runs 4x longer on the simulated
 * phone, and what exceeds 50 ms of it blocks. The renderer main thread is the one that painted FCP.
 */
export function summarizeTasks(events: readonly TraceEvent[], listFromMs = 10): TaskSummary {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('The trace has no first contentful paint');
  const main = threadOf(fcp);
  const navigation = events.find((event) => event.name === 'navigationStart' && threadOf(event) === main);
  const origin = navigation?.ts ?? fcp.ts;
  const complete = events
    .filter((event) => event.ph === 'X' && threadOf(event) === main && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const runTasks = complete.filter((event) => event.name === 'RunTask' && event.ts + event.dur! > fcp.ts);
  let tbtEstimateMs = 0;
  let longTasks = 0;
  const tasks: MainThreadTask[] = [];
  for (const task of runTasks) {
    const ms = task.dur! / 1000;
    const blocking = Math.max(0, CPU_SLOWDOWN * ms - BLOCKING_FROM_MS);
    tbtEstimateMs += blocking;
    if (blocking > 0) longTasks += 1;
    if (ms < listFromMs) continue;
    const end = task.ts + task.dur!;
    const parts = complete
      .filter((event) => event !== task && PARTS.has(event.name) && event.ts >= task.ts && event.ts + event.dur! <= end)
      .filter((event) => event.dur! / 1000 >= PART_MIN_MS)
      .map((event) => ({ name: event.name, what: describe(event), ms: event.dur! / 1000 }));
    tasks.push({ startMs: (task.ts - origin) / 1000, ms, parts });
  }
  return { fcpMs: (fcp.ts - origin) / 1000, tbtEstimateMs, longTasks, tasks };
}

/** One line per task, its parts indented under it. */
export function formatTasks(tasks: readonly MainThreadTask[]): string {
  return tasks
    .map((task) => {
      const parts = task.parts.map((part) => `    ${part.name} ${part.what} ${part.ms.toFixed(1)} ms`.trimEnd());
      return [`  @${task.startMs.toFixed(0)} ms: ${task.ms.toFixed(1)} ms`, ...parts].join('\n');
    })
    .join('\n');
}
