import type { Migration, MigrationProvider } from 'kysely';
import { m0001_initial } from './0001_initial';
import { m0002_client_area } from './0002_client_area';
import { m0003_hardened_auth } from './0003_hardened_auth';
import { m0004_telemetry } from './0004_telemetry';
import { m0005_telemetry_votes } from './0005_telemetry_votes';
import { m0006_auth_notify } from './0006_auth_notify';
import { m0007_known_devices } from './0007_known_devices';
import { m0008_session_devices } from './0008_session_devices';
import { m0009_fallback_telemetry } from './0009_fallback_telemetry';
import { m0010_totp } from './0010_totp';
import { m0011_passkeys } from './0011_passkeys';
import { m0012_step_up } from './0012_step_up';
import { m0013_client_lists_by_owner } from './0013_client_lists_by_owner';
import { m0014_admin_lists } from './0014_admin_lists';
import { m0015_housekeeping_indexes } from './0015_housekeeping_indexes';
import { m0016_role_holders } from './0016_role_holders';
import { m0017_session_device_hash } from './0017_session_device_hash';
import { m0018_workspace_members } from './0018_workspace_members';
import { m0019_activity_log } from './0019_activity_log';
import { m0020_data_rights } from './0020_data_rights';

/** The one ordered list of versioned migrations, shared by PGlite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001_initial,
  '0002_client_area': m0002_client_area,
  '0003_hardened_auth': m0003_hardened_auth,
  '0004_telemetry': m0004_telemetry,
  '0005_telemetry_votes': m0005_telemetry_votes,
  '0006_auth_notify': m0006_auth_notify,
  '0007_known_devices': m0007_known_devices,
  '0008_session_devices': m0008_session_devices,
  '0009_fallback_telemetry': m0009_fallback_telemetry,
  '0010_totp': m0010_totp,
  '0011_passkeys': m0011_passkeys,
  '0012_step_up': m0012_step_up,
  '0013_client_lists_by_owner': m0013_client_lists_by_owner,
  '0014_admin_lists': m0014_admin_lists,
  '0015_housekeeping_indexes': m0015_housekeeping_indexes,
  '0016_role_holders': m0016_role_holders,
  '0017_session_device_hash': m0017_session_device_hash,
  '0018_workspace_members': m0018_workspace_members,
  '0019_activity_log': m0019_activity_log,
  '0020_data_rights': m0020_data_rights,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
