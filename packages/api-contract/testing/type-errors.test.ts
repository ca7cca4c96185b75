import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import { typeErrors } from './type-errors';

const src = path.join(import.meta.dirname, '..', 'src');
const run = { tsconfig: path.join(src, '..', 'tsconfig.json'), roots: [path.join(src, 'index.ts')] };

describe('typeErrors: a contract change checked in memory', () => {
  it('refuses a change whose text is no longer in the contract, so a stale test cannot pass quietly', () => {
    expect(() => typeErrors({ ...run, change: { file: 'constants.ts', replace: 'no such text', with: '' } })).toThrow(
      'constants.ts no longer contains: no such text',
    );
  });

  it(
    'reports the errors the edited contract has, and leaves the file on disk as it was',
    () => {
      const file = path.join(src, 'constants.ts');
      const before = readFileSync(file, 'utf8');
      const errors = typeErrors({
        ...run,
        roots: [file],
        change: {
          file: 'constants.ts',
          replace: "invalid_credentials: 'Invalid email or password',",
          with: "invalid_credentials: 'Invalid email or password' satisfies number,",
        },
      });
      expect(errors).toEqual([expect.stringMatching(/constants\.ts\(\d+\): TS1360 /)]);
      expect(readFileSync(file, 'utf8')).toBe(before);
    },
    scaled(60_000),
  );
});
