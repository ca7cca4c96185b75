import type { BucketLocation } from './location';

/**
 * The bucket holds the releases folder's layout under its prefix, key for file:
 *   registry.json, history.jsonl, <app>/<version>/<file>, pages/<pair>/<file>
 * plus one index object per stored version, written after its files (a version without it was
 * never completely stored): .versions/<app>/<version>.json, the list of its files.
 */
export const bucketKeys = (location: BucketLocation) => {
  const p = location.prefix;
  return {
    registry: `${p}registry.json`,
    history: `${p}history.jsonl`,
    versionFile: (app: string, version: string, file: string) => `${p}${app}/${version}/${file}`,
    versionIndexPrefix: (app: string) => `${p}.versions/${app}/`,
    versionIndex: (app: string, version: string) => `${p}.versions/${app}/${version}.json`,
    pagesPrefix: `${p}pages/`,
    pagesFile: (pair: string, file: string) => `${p}pages/${pair}/${file}`,
    /** A key back to its path in the releases folder. */
    relative: (key: string) => key.slice(p.length),
  };
};

export type BucketKeys = ReturnType<typeof bucketKeys>;

/** What a version's index object holds: its files, relative to the version folder. */
export interface VersionIndex {
  files: string[];
}
