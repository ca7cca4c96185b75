#!/usr/bin/env tsx
import { main } from './main';

// The release command line as ops type it: this process's arguments, environment and output.
process.exitCode = await main(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
