import { beforeEach, describe, expect, it } from '@jest/globals';
import { DEVICE_ID_KEY, deviceId } from './device-id';
import { tokenStorage } from './token-storage';

beforeEach(() => localStorage.clear());

describe('the browser device id', () => {
  it('is made once, random and URL-safe, then kept', () => {
    const first = deviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(first);
    localStorage.clear();
    expect(deviceId()).not.toBe(first);
  });

  it('outlives signing out: clearing the tokens keeps it', () => {
    const id = deviceId();
    tokenStorage.save({ accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) });
    tokenStorage.clear();
    expect(deviceId()).toBe(id);
  });

  it('replaces a stored value the API would refuse', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'short');
    expect(deviceId()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
