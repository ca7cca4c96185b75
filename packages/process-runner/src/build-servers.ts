// node --import tsx packages/process-runner/src/build-servers.ts  (`pnpm build:servers`, part of `pnpm start`)
import path from 'node:path';
import { buildNodeBundles } from '@kloof/federation/node-bundle';
import { serverPrograms } from './server-programs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const programs = serverPrograms(root);
try {
  await buildNodeBundles(programs);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
for (const program of programs) console.log(`built ${path.relative(root, program.output)} (${program.name})`);
