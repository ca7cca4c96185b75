import { VERSION_NAME_PATTERN } from '@kloof/api-contract/constants';

/**
 * A version name: UTC release time (sorts chronologically as text) + hash of the build's
 * content, e.g. 20261122-032757-123-3f2a9c81d0 (the pattern the API's telemetry checks too).
 */
export const VERSION_PATTERN = new RegExp(VERSION_NAME_PATTERN);

export function isVersionName(name: string): boolean {
  return VERSION_PATTERN.test(name);
}

/** The content-hash part of a version name. */
export function hashOfVersion(version: string): string {
  return version.slice(-10);
}
