import { afterEach, describe, expect, it } from '@jest/globals';
import { http, tokenStorage } from '@kloof/api-client';
import { respond } from '@kloof/api-client/testing';
import { brand } from '@kloof/ui';
import { fetchSystemUsers, isSystemUser } from './system-users';

function answer(status: number, data: unknown): void {
  http.defaults.adapter = async (config) => respond(config, status, data);
}

afterEach(() => localStorage.clear());

describe('system users: the emails the API lists, else the built-in two', () => {
  it('uses the list from the system-users call', async () => {
    tokenStorage.save({ accessToken: 'access-token-0123456789', refreshToken: 'refresh-token-0123456789' });
    answer(200, ['ops@example.com']);
    await expect(fetchSystemUsers()).resolves.toEqual(['ops@example.com']);
  });

  it('falls back to the built-in two addresses when the call returns nothing', async () => {
    answer(200, []);
    await expect(fetchSystemUsers()).resolves.toEqual(brand.fallbackSystemUsers);
    expect(brand.fallbackSystemUsers).toHaveLength(2);
  });

  it('falls back to the built-in list when the call fails', async () => {
    answer(500, {
      statusCode: 500,
      code: 'internal_error',
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
    await expect(fetchSystemUsers()).resolves.toEqual(brand.fallbackSystemUsers);
  });

  it('decides membership by the e-mail address, ignoring case', () => {
    expect(isSystemUser('Ops@Example.com', ['ops@example.com'])).toBe(true);
    expect(isSystemUser('ann@example.com', ['ops@example.com'])).toBe(false);
  });
});
