import { describe, expect, it } from '@jest/globals';
import { AuthCache } from './auth-cache';

function cacheAt(ttlMs: number) {
  let now = 0;
  const cache = new AuthCache<string>(ttlMs, () => now);
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('the per-instance cache of session and role reads', () => {
  it('serves a read for its lifetime only', () => {
    const { cache, advance } = cacheAt(500);
    cache.set(cache.begin(), 'user', 'family', 'row');
    advance(499);
    expect(cache.get('user', 'family')).toBe('row');
    advance(1);
    expect(cache.get('user', 'family')).toBeUndefined();
  });

  it("drops one user's sessions when that user changes, and everything when anything may have", () => {
    const { cache } = cacheAt(500);
    cache.set(cache.begin(), 'ann', 'a', 'ann-a');
    cache.set(cache.begin(), 'bob', 'b', 'bob-b');
    cache.invalidate('ann');
    expect(cache.get('ann', 'a')).toBeUndefined();
    expect(cache.get('bob', 'b')).toBe('bob-b');
    cache.invalidate();
    expect(cache.get('bob', 'b')).toBeUndefined();
  });

  it('does not keep a read that an invalidation overtook (it may predate the change)', () => {
    const { cache } = cacheAt(500);
    const begun = cache.begin();
    cache.invalidate('someone else');
    cache.set(begun, 'ann', 'a', 'stale');
    expect(cache.get('ann', 'a')).toBeUndefined();
  });

  it('keeps nothing while it cannot hear about changes, or with a lifetime of 0', () => {
    const { cache } = cacheAt(500);
    cache.enabled = false;
    cache.set(cache.begin(), 'ann', 'a', 'row');
    expect(cache.get('ann', 'a')).toBeUndefined();
    const off = cacheAt(0).cache;
    off.set(off.begin(), 'ann', 'a', 'row');
    expect(off.get('ann', 'a')).toBeUndefined();
  });
});
