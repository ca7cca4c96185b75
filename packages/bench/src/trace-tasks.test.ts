import { describe, expect, it } from '@jest/globals';
import { formatTasks, summarizeTasks, type TraceEvent } from './trace-tasks';

const page = { pid: 7, tid: 7 };
const other = { pid: 9, tid: 9 };
const ms = 1000;

/** A complete event on the page's main thread, times in ms. */
function complete(name: string, startMs: number, durationMs: number, data?: TraceEvent['args']): TraceEvent {
  return { name, ph: 'X', ...page, ts: startMs * ms, dur: durationMs * ms, args: data };
}

const trace: TraceEvent[] = [
  { name: 'navigationStart', ph: 'R', ...page, ts: 0 },
  { name: 'firstContentfulPaint', ph: 'R', ...page, ts: 100 * ms },
  // Before first paint: not counted, whatever its length.
  complete('RunTask', 10, 80),
  // After: 4 x 20 - 50 = 30 ms blocking, with what ran inside.
  complete('RunTask', 120, 20),
  complete('EvaluateScript', 120, 19, { data: { url: 'http://localhost/main.abc.js?v=1' } }),
  complete('RunMicrotasks', 130, 9),
  complete('FunctionCall', 131, 0.5, { data: { functionName: 'tiny', url: 'http://localhost/main.abc.js' } }),
  // 4 x 12 - 50 < 0: listed (over 10 ms) but not blocking.
  complete('RunTask', 150, 12),
  complete('FunctionCall', 150, 11, { data: { functionName: 'T', url: 'http://localhost/435.def.js' } }),
  // 4 x 30 - 50 = 70 ms.
  complete('RunTask', 200, 30),
  // Short: neither blocking nor listed.
  complete('RunTask', 240, 5),
  // Another thread (another renderer) never counts.
  { name: 'RunTask', ph: 'X', ...other, ts: 150 * ms, dur: 100 * ms },
];

describe('summarizeTasks', () => {
  it('estimates Total Blocking Time from the main thread tasks after first paint, at 4x CPU', () => {
    const summary = summarizeTasks(trace);
    expect(summary.fcpMs).toBe(100);
    expect(summary.tbtEstimateMs).toBe(100);
    expect(summary.longTasks).toBe(2);
  });

  it('lists the tasks of 10 ms or more with the scripts, calls and microtasks inside them', () => {
    const { tasks } = summarizeTasks(trace);
    expect(tasks.map((task) => [task.startMs, task.ms])).toEqual([
      [120, 20],
      [150, 12],
      [200, 30],
    ]);
    expect(tasks[0]!.parts).toEqual([
      { name: 'EvaluateScript', what: 'main.abc.js', ms: 19 },
      { name: 'RunMicrotasks', what: '', ms: 9 },
    ]);
    expect(formatTasks(tasks.slice(1, 2))).toBe('  @150 ms: 12.0 ms\n    FunctionCall T@435.def.js 11.0 ms');
  });

  it('refuses a trace without a first contentful paint', () => {
    expect(() => summarizeTasks(trace.filter((event) => event.name !== 'firstContentfulPaint'))).toThrow(
      'no first contentful paint',
    );
  });
});
