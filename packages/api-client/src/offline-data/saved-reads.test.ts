import 'fake-indexeddb/auto';
import { describe, expect, it } from '@jest/globals';
import { createSavedReads, SAVED_READS_LIMITS, withinBounds } from './saved-reads';

let databases = 0;
const fresh = () => createSavedReads(`saved-reads-test-${++databases}`);
const DAY = 24 * 60 * 60 * 1000;

describe('the saved reads', () => {
  it('gives a read back only to the user who made it', async () => {
    const reads = fresh();
    await reads.put('alice', 'projects', { items: ['alice-project'] }, 1_000);
    expect(await reads.get('alice', 'projects', 2_000)).toEqual({ savedAt: 1_000, data: { items: ['alice-project'] } });
    expect(await reads.get('bob', 'projects', 2_000)).toBeNull();
  });

  it("drops the first user's reads as soon as a second user's are kept", async () => {
    const reads = fresh();
    await reads.put('alice', 'projects', ['alice-project'], 1_000);
    await reads.put('bob', 'dashboard', { workspaces: 1 }, 2_000);
    expect(await reads.get('alice', 'projects', 3_000)).toBeNull();
    expect(await reads.get('bob', 'dashboard', 3_000)).not.toBeNull();
  });

  it('forgets everything when cleared', async () => {
    const reads = fresh();
    await reads.put('alice', 'projects', ['alice-project'], 1_000);
    await reads.clear();
    expect(await reads.get('alice', 'projects', 2_000)).toBeNull();
  });

  it('never shows a copy older than the age limit', async () => {
    const reads = fresh();
    await reads.put('alice', 'projects', ['old'], 0);
    expect(await reads.get('alice', 'projects', SAVED_READS_LIMITS.ageMs - 1)).not.toBeNull();
    expect(await reads.get('alice', 'projects', SAVED_READS_LIMITS.ageMs)).toBeNull();
  });

  it('never keeps one answer larger than the entry limit', async () => {
    const reads = fresh();
    await reads.put('alice', 'projects', 'x'.repeat(SAVED_READS_LIMITS.entryBytes + 1), 0);
    expect(await reads.get('alice', 'projects', 1)).toBeNull();
  });

  it('keeps the newest reads within the count limit, dropping the oldest', async () => {
    const reads = fresh();
    for (let i = 0; i <= SAVED_READS_LIMITS.entries; i++) await reads.put('alice', `projects/p${i}`, { i }, i);
    expect(await reads.get('alice', 'projects/p0', 1_000)).toBeNull();
    expect(await reads.get('alice', 'projects/p1', 1_000)).not.toBeNull();
    expect(await reads.get('alice', `projects/p${SAVED_READS_LIMITS.entries}`, 1_000)).not.toBeNull();
  });

  it('stays within the byte limit, dropping the oldest', () => {
    const half = SAVED_READS_LIMITS.bytes / 2;
    const now = 100 * DAY;
    const { keep, drop } = withinBounds(
      {
        newest: { savedAt: now, bytes: half },
        newer: { savedAt: now - 1, bytes: half },
        old: { savedAt: now - 2, bytes: 1 },
      },
      now,
    );
    expect(Object.keys(keep)).toEqual(['newest', 'newer']);
    expect(drop).toEqual(['old']);
  });

  it('drops what is older than the age limit', () => {
    const now = 100 * DAY;
    const { keep, drop } = withinBounds(
      {
        recent: { savedAt: now - SAVED_READS_LIMITS.ageMs + 1, bytes: 1 },
        expired: { savedAt: now - SAVED_READS_LIMITS.ageMs, bytes: 1 },
      },
      now,
    );
    expect(Object.keys(keep)).toEqual(['recent']);
    expect(drop).toEqual(['expired']);
  });
});
