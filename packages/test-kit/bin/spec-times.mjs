#!/usr/bin/env node
// node packages/test-kit/bin/spec-times.mjs <playwright.json>...  (PLAYWRIGHT_JSON_OUTPUT_NAME of a run)
// Where a browser run's time went, per spec file: its tests' durations summed, and its span on its
// worker (from the end of that worker's previous test to the end of the file's test: beforeAll,
// worker and server starts included, which no test's duration counts); then each worker's busy
// time and how long it sat idle while the other still ran.
import fs from 'node:fs';

/** Every test result of a report's suites, nested describes included (skipped ones never ran). */
function* results(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) if (result.workerIndex >= 0) yield { file: spec.file ?? file, ...result };
    }
  }
  for (const child of suite.suites ?? []) yield* results(child, suite.file ?? file);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

for (const reportFile of process.argv.slice(2)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const start = Date.parse(report.stats.startTime);
  const all = report.suites
    .flatMap((suite) => [...results(suite, suite.file)])
    .map((result) => ({ ...result, end: Date.parse(result.startTime) + result.duration }))
    .sort((a, b) => a.end - b.end);
  const files = new Map();
  const workers = new Map();
  for (const result of all) {
    const worker = workers.get(result.parallelIndex) ?? { busy: 0, end: start };
    const file = files.get(result.file) ?? { tests: 0, span: 0 };
    file.tests += result.duration;
    file.span += result.end - worker.end;
    files.set(result.file, file);
    workers.set(result.parallelIndex, { busy: worker.busy + result.duration, end: result.end });
  }
  const last = Math.max(...[...workers.values()].map((worker) => worker.end));
  console.log(`${reportFile}: wall ${seconds(report.stats.duration)}, ${all.length} tests run`);
  console.log('  tests    span     file');
  for (const [name, { tests, span }] of [...files].sort((a, b) => b[1].span - a[1].span)) {
    console.log(`  ${seconds(tests).padStart(7)}  ${seconds(span).padStart(7)}  ${name}`);
  }
  for (const [index, { busy, end }] of [...workers].sort((a, b) => a[0] - b[0])) {
    console.log(`  worker ${index}: tests ${seconds(busy)}, idle at the end ${seconds(last - end)}`);
  }
}
