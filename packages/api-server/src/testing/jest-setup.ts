import { scaled } from '@kloof/test-kit/slowdown';

// testTimeout in jest.config.js is a global option that Jest ignores when this package runs as one
// of several projects from the repo root; set it per test file instead. A real server with a fresh
// database (initdb in a data folder on restart tests) can take a few seconds on a 2-core machine.
jest.setTimeout(scaled(30_000));
