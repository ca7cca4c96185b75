import { spawnSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { endedChildrenCpuSeconds } from './children-cpu.js';

/** A child that keeps one core busy until its own CPU time reaches `seconds`. */
function burn(seconds) {
  const script = `const end = ${seconds * 1e6}; while (process.cpuUsage().user + process.cpuUsage().system < end) {}`;
  spawnSync(process.execPath, ['-e', script], { stdio: 'ignore' });
}

describe('endedChildrenCpuSeconds', () => {
  it('grows by the CPU time an ended child spent', () => {
    const before = endedChildrenCpuSeconds();
    burn(0.5);
    const after = endedChildrenCpuSeconds();
    expect(before).not.toBeNull();
    expect((after ?? 0) - (before ?? 0)).toBeGreaterThanOrEqual(0.45);
  });

  it('counts nothing for a child that did no work', () => {
    const before = endedChildrenCpuSeconds() ?? 0;
    spawnSync('true');
    expect((endedChildrenCpuSeconds() ?? 0) - before).toBeLessThan(0.1);
  });
});
