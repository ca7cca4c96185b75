import { describe, expect, it } from '@jest/globals';
import { apiAccess } from './telemetry-api';

describe('which API the release tool reads', () => {
  it('is --api, else RELEASE_API_URL, else the local API on API_PORT, else on 4000', () => {
    expect(apiAccess(undefined, {}).url).toBe('http://127.0.0.1:4000');
    expect(apiAccess(undefined, { API_PORT: '4100' }).url).toBe('http://127.0.0.1:4100');
    expect(apiAccess(undefined, { API_PORT: '4100', RELEASE_API_URL: 'https://api.example.com/' }).url).toBe(
      'https://api.example.com',
    );
    expect(apiAccess('http://10.0.0.5:4000', { RELEASE_API_URL: 'https://api.example.com' }).url).toBe(
      'http://10.0.0.5:4000',
    );
  });

  it('refuses an API_PORT that is not a port', () => {
    expect(() => apiAccess(undefined, { API_PORT: 'four thousand' })).toThrow(
      'API_PORT must be a port number (got "four thousand").',
    );
    expect(() => apiAccess(undefined, { API_PORT: '70000' })).toThrow('API_PORT must be a port number');
  });
});
