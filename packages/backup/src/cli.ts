#!/usr/bin/env tsx
import { main } from './main';

// `pnpm backup <folder>` and `pnpm restore <folder>` as ops type them.
process.exitCode = await main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
