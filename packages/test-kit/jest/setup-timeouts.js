import { jest } from '@jest/globals';
import { scaled } from '../slowdown.js';

// Jest ignores a project's own testTimeout when it runs several projects: set it here, from the
// one slowdown factor (a loaded machine renders, types and answers slower than Jest's 5 s allow).
jest.setTimeout(scaled(10_000));
