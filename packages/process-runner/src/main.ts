// node --import tsx packages/process-runner/src/main.ts start|serve|dev  (what the root package.json scripts run)
import path from 'node:path';
import { EnvError } from '@kloof/settings';
import { runTogether } from './run-together.js';
import { unbuiltPrograms } from './server-programs';
import { stacks, type StackName } from './stacks';

const names: readonly StackName[] = ['start', 'serve', 'dev'];
const name = process.argv[2] as StackName;
if (!names.includes(name)) {
  console.error(`usage: main.ts ${names.join('|')}`);
  process.exit(2);
}
let parts;
try {
  parts = stacks(process.env)[name];
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(`The environment is not usable:\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const unbuilt = name === 'start' ? unbuiltPrograms(root, ['api', 'web']) : [];
if (unbuilt.length) {
  console.error(unbuilt.join('\n'));
  process.exit(2);
}
process.exitCode = await runTogether(root, parts);
