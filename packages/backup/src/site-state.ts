import type { DatabaseConfig } from '@kloof/api-server/backup';
import type { ReleasesLayout } from '@kloof/release-store/folder';

/** What a backup copies and a restore replaces: one site's database and its releases folder. */
export interface SiteState {
  database: DatabaseConfig;
  releases: ReleasesLayout;
  /** pg_dump and pg_restore's folder (PATH when unset). */
  pgBin?: string;
}

/** Names in the releases folder that are no part of it: its lock and a release's staging folders. */
export const isTransient = (name: string): boolean => name.startsWith('.');
