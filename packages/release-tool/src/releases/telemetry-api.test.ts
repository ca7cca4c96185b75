import { describe, expect, it } from '@jest/globals';
import { readReleaseToolSettings } from '../settings';
import { apiAccess } from './telemetry-api';

const access = (url: string | undefined, env: Record<string, string>) =>
  apiAccess(url, readReleaseToolSettings(env).api);

describe('which API the release tool reads', () => {
  it('is --api, else RELEASE_API_URL, else the local API on API_PORT, else on 4000', () => {
    expect(access(undefined, {}).url).toBe('http://127.0.0.1:4000');
    expect(access(undefined, { API_PORT: '4100' }).url).toBe('http://127.0.0.1:4100');
    expect(access(undefined, { API_PORT: '4100', RELEASE_API_URL: 'https://api.example.com/' }).url).toBe(
      'https://api.example.com',
    );
    expect(access('http://10.0.0.5:4000', { RELEASE_API_URL: 'https://api.example.com' }).url).toBe(
      'http://10.0.0.5:4000',
    );
  });

  it('refuses an API_PORT that is not a port', () => {
    expect(() => access(undefined, { API_PORT: 'four thousand' })).toThrow(
      'API_PORT must be an integer between 1 and 65535 (got "four thousand")',
    );
    expect(() => access(undefined, { API_PORT: '70000' })).toThrow('API_PORT must be an integer between 1 and 65535');
  });
});
