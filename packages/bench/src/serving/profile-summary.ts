#!/usr/bin/env tsx
// pnpm --filter @kloof/bench profile:summary <file.cpuprofile> [--top 25] [--inclusive name,name] [--tree 1]
// Where a V8 CPU profile (node --cpu-prof, or bench:api --cpu-prof) spent its busy time: the
// functions with the most self time, self time per package (node_modules), Node internal module
// or project file, and the inclusive share of named functions. Shares are of busy time (idle
// left out), so they do not depend on how loaded the machine was.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    inclusive: { type: 'string', default: '' },
    // The call tree from the roots, each call with at least this share of busy time (percent).
    tree: { type: 'string' },
  },
});
const file = positionals[0];
if (!file) throw new Error('Usage: profile-summary <file.cpuprofile> [--top 25] [--inclusive name,name]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const IDLE = new Set(['(idle)', '(program)']);
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
let busy = 0;
for (const [id, time] of selfTime) if (!IDLE.has(byId.get(id)!.callFrame.functionName)) busy += time;

/** Where a function lives: a package, a Node internal module, or a file of this repository. */
function placeOf(url: string): string {
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  if (!url) return '(native or V8)';
  const repo = /\/packages\/(.+)$/.exec(url);
  return repo ? repo[1]! : url;
}

const percent = (time: number) => `${((time / busy) * 100).toFixed(1).padStart(5)} %`;
const frameName = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

function tally(key: (node: ProfileNode) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) continue;
    sums.set(key(node), (sums.get(key(node)) ?? 0) + time);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const top = Number(values.top);
const total = profile.timeDeltas.reduce((a, b) => a + b, 0);
const idleTime = (name: string) =>
  [...selfTime].filter(([id]) => byId.get(id)!.callFrame.functionName === name).reduce((a, [, t]) => a + t, 0);
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy in JS, GC and native calls (shares below are of that), ${(idleTime('(program)') / 1e6).toFixed(1)} s (program): V8 and libuv outside JS`,
);
console.log('\nSelf time by function:');
for (const [name, time] of tally(frameName).slice(0, top)) console.log(`${percent(time)}  ${name}`);
console.log('\nSelf time by place (package, Node module, project file):');
for (const [name, time] of tally((node) => placeOf(node.callFrame.url)).slice(0, top))
  console.log(`${percent(time)}  ${name}`);

const names = values.inclusive.split(',').filter(Boolean);
if (names.length) {
  console.log('\nInclusive time (the function and everything it called):');
  for (const name of names) {
    let time = 0;
    for (const [id, self] of selfTime) {
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        if (byId.get(at)!.callFrame.functionName === name) {
          time += self;
          break;
        }
      }
    }
    console.log(`${percent(time)}  ${name}`);
  }
}

if (values.tree !== undefined) {
  const threshold = (Number(values.tree) / 100) * busy;
  const inclusiveOf = new Map<number, number>();
  const sum = (id: number): number => {
    const node = byId.get(id)!;
    const own = IDLE.has(node.callFrame.functionName) ? 0 : (selfTime.get(id) ?? 0);
    const total = (node.children ?? []).reduce((acc, child) => acc + sum(child), own);
    inclusiveOf.set(id, total);
    return total;
  };
  const roots = profile.nodes.filter((node) => !parentOf.has(node.id));
  roots.forEach((root) => sum(root.id));
  console.log(`\nCall tree (calls with at least ${values.tree} % of busy time; self time in brackets):`);
  const print = (id: number, depth: number) => {
    const node = byId.get(id)!;
    const time = inclusiveOf.get(id) ?? 0;
    if (time < threshold) return;
    const own = IDLE.has(node.callFrame.functionName) ? 0 : (selfTime.get(id) ?? 0);
    console.log(`${percent(time)} ${'  '.repeat(depth)}${frameName(node)} [${((own / busy) * 100).toFixed(1)}]`);
    [...(node.children ?? [])]
      .sort((a, b) => (inclusiveOf.get(b) ?? 0) - (inclusiveOf.get(a) ?? 0))
      .forEach((child) => print(child, depth + 1));
  };
  roots.forEach((root) => print(root.id, 0));
}
