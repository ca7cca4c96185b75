import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivityKind,
  ProjectStatus,
  Role,
  TelemetryKind,
  Theme,
  VitalKind,
  WorkspaceRoleName,
} from '@kloof/api-contract/constants';

export type { ProjectStatus, Role, TelemetryKind, Theme, VitalKind, WorkspaceRoleName };

type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type OtpPurpose = 'verify' | 'reset';

export interface UserSettings {
  theme: Theme;
  newsletter: boolean;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  full_name: string;
  company: string;
  phone: string;
  signup_message: string;
  password_hash: string;
  roles: ColumnType<string[], string[], string[]>;
  verified: boolean;
  settings: ColumnType<UserSettings, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The session family's end, fixed at sign-in. */
  absolute_expires_at: Timestamp;
  created_at: Timestamp;
}

/** One signed-in session (a refresh-token family) as its owner sees it. */
export interface SessionFamiliesTable {
  family_id: string;
  user_id: string;
  browser: string;
  os: string;
  ip: string;
  /** The device id hash of the browser that started it (known_devices.device_hash); null if it sent none. */
  device_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  last_used_at: Timestamp;
  notice_pending: Generated<boolean>;
  /** When this session last proved it is its owner (step-up), and how. */
  proved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  proof_kind: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One event of an account's activity log (migration 0019, modules/activity). */
export interface ActivityEventsTable {
  id: string;
  user_id: string;
  kind: ColumnType<ActivityKind, ActivityKind, never>;
  at: Timestamp;
  browser: string | null;
  os: string | null;
  device_hash: string | null;
  /** The exact address: nulled RETENTION_DAYS after the event (maintenance/prune-rules.ts). */
  address: string | null;
  /** The address's network (IPv4 /24, IPv6 /48), kept as long as the event. */
  network: string | null;
  place: string | null;
  details: ColumnType<Record<string, unknown>, string, never>;
  notice_pending: Generated<boolean>;
}

export interface OtpsTable {
  id: string;
  user_id: string;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface KnownDevicesTable {
  user_id: string;
  /** sha256 of the random device id the browser keeps; the id itself is never stored. */
  device_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface OtpTriesTable {
  otp_id: string;
  /** `device:<hash>` or `ip:<address>` */
  client: string;
  wrong: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** epoch milliseconds */
  reset_at: number;
}

export interface OutboxTable {
  id: string;
  /** insertion order (created_at can tie under a frozen test clock) */
  seq: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  code: string | null;
  created_at: Timestamp;
}

/** One site-wide rule a SuperAdmin sets (e.g. second factors required for admins). */
export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

export interface AppSecretsTable {
  key: string;
  value: string;
  created_at: Timestamp;
}

export interface BootstrapTokensTable {
  id: string;
  token_hash: string;
  used_at: Timestamp | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type MailJobStatus = 'pending' | 'sent' | 'dropped' | 'failed';

/** A mail to compose and deliver later (the request only records the intent). */
export interface MailJobsTable {
  id: string;
  kind: string;
  to_address: string;
  status: Generated<MailJobStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** A worker's lease: another worker leaves the job alone until then. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface WorkspacesTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRoleName;
  added_at: Timestamp;
  added_by: string | null;
  /** Its workspace's created_at (never changes), for the user's list in order; filled in by the database. */
  workspace_created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface WorkspaceInvitationsTable {
  id: string;
  workspace_id: string;
  /** Trimmed, lower case. */
  email: string;
  role: WorkspaceRoleName;
  /** HMAC of the token the mail carries; null until the mail worker makes one. */
  token_hash: string | null;
  mail_pending: Generated<boolean>;
  expires_at: Timestamp;
  invited_by: string | null;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  /** Its workspace's owner (migration 0013): filled from the workspace when an insert leaves it out. */
  owner_id: Generated<string>;
  name: string;
  description: string;
  status: ProjectStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LinksTable {
  id: string;
  workspace_id: string;
  /** Its workspace's owner (migration 0013): filled from the workspace when an insert leaves it out. */
  owner_id: Generated<string>;
  project_id: string | null;
  title: string;
  url: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  company: string;
  message: string;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  user_id: string;
  plan_name: string;
  price_zar: number;
  interval: 'month' | 'year';
  created_at: Timestamp;
}

export interface InvoicesTable {
  id: string;
  /** Null once the account was erased: the invoice stays for the tax record (migration 0020). */
  user_id: string | null;
  number: string;
  issued_at: Timestamp;
  amount_zar: number;
  status: 'paid' | 'open' | 'void';
}

/** How often one thing happened to one app version on one page in one minute. */
export interface TelemetryCountersTable {
  app: string;
  version: string;
  kind: TelemetryKind | VitalKind;
  /** A vital's histogram bucket (telemetry/vitals.ts); 0 for the other kinds. */
  bucket: number;
  /** The five-minute window or the hour (UTC) the votes arrived in. */
  window_start: Timestamp;
  /** 5: a five-minute window; 60: an hour. */
  span_minutes: 5 | 60;
  /** bigint column: read back as a string by pg. */
  count: ColumnType<string | number, number, number>;
}

/** One browser's vote for an app version and kind in a window: kept only to refuse a second one. */
export interface TelemetryVotesTable {
  window_start: Timestamp;
  app: string;
  version: string;
  kind: string;
  voter: string;
  address: string;
}

export interface TelemetryWindowsTable {
  window_start: Timestamp;
  votes: number;
}

/** A user's authenticator app: the key, and the last time step a code was accepted for. */
export interface UserTotpTable {
  user_id: string;
  secret: string;
  enabled_at: Timestamp | null;
  /** bigint column: read back as a string by pg. */
  last_step: ColumnType<string | number | null, number | null, number | null>;
  created_at: Timestamp;
}

/** One single-use recovery code (its hash). */
export interface TotpRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** A passkey (WebAuthn credential) of a user. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** base64url credential id, as the browser sends it back. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  /** bigint column: read back as a string by pg. */
  counter: ColumnType<string | number, number, number>;
  /** JSON array of the transports the browser reported (hints for the next sign-in). */
  transports: string;
  name: string;
  /** Synced by its provider (iCloud Keychain, Google Password Manager...), not bound to one device. */
  backed_up: boolean;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type CeremonyPurpose = 'register' | 'sign-in' | 'second-factor' | 'proof';

/** One WebAuthn challenge in flight, taken once by the flow that asked for it. */
export interface WebauthnCeremoniesTable {
  id: string;
  purpose: CeremonyPurpose;
  challenge: string;
  user_id: string | null;
  bound_to: string;
  expires_at: Timestamp;
}

/** An e-mail change waiting for the link mailed to the new address (migration 0020). */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  /** HMAC of the link's token (derived from the id with the server's key, like the codes). */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** An account marked for deletion: erased by the pruning job after erase_after, unless a sign-in cancels it. */
export interface AccountDeletionsTable {
  user_id: string;
  requested_at: Timestamp;
  erase_after: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  known_devices: KnownDevicesTable;
  session_families: SessionFamiliesTable;
  activity_events: ActivityEventsTable;
  user_totp: UserTotpTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_ceremonies: WebauthnCeremoniesTable;
  otp_tries: OtpTriesTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  app_secrets: AppSecretsTable;
  app_settings: AppSettingsTable;
  bootstrap_tokens: BootstrapTokensTable;
  mail_jobs: MailJobsTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  projects: ProjectsTable;
  links: LinksTable;
  contact_messages: ContactMessagesTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  email_changes: EmailChangesTable;
  account_deletions: AccountDeletionsTable;
  telemetry_counters: TelemetryCountersTable;
  telemetry_votes: TelemetryVotesTable;
  telemetry_windows: TelemetryWindowsTable;
}

export type UserRow = Selectable<UsersTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type LinkRow = Selectable<LinksTable>;
