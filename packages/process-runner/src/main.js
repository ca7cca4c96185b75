#!/usr/bin/env node
// @ts-check
// node packages/process-runner/src/main.js start|serve|dev  (what the root package.json scripts run)
import path from 'node:path';
import { runTogether } from './run-together.js';
import { stacks } from './stacks.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const all = stacks(process.env);
const name = process.argv[2];
if (name !== 'start' && name !== 'serve' && name !== 'dev') {
  console.error(`usage: main.js ${Object.keys(all).join('|')}`);
  process.exit(2);
}
process.exitCode = await runTogether(root, all[name]);
