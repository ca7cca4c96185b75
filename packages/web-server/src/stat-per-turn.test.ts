import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { statPerTurn } from './stat-per-turn';

describe('one stat per file per turn of the event loop', () => {
  it('shares a look within a turn and sees a change in the next', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stat-turn-')), 'index.html');
    fs.writeFileSync(file, 'one');
    expect(statPerTurn(file)?.size).toBe(3);
    fs.writeFileSync(file, 'three');
    expect(statPerTurn(file)?.size).toBe(3); // the same turn: the same look
    await nextTurn();
    expect(statPerTurn(file)?.size).toBe(5);
    fs.rmSync(file);
    await nextTurn();
    expect(statPerTurn(file)).toBeUndefined();
  });
});
