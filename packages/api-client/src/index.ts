export {
  http,
  createHttp,
  installInterceptors,
  refreshTokens,
  REQUEST_TIMEOUT_MS,
  SESSION_GONE,
  type Http,
} from './http';
export { createRefresher, RefreshError, REFRESH_LOCK_NAME, type Refresher } from './refresh';
export { configureRuntime, runtimeConfig, apiBaseUrl, type RuntimeConfig } from './runtime-config';
export { tokenStorage, isTokenExpired, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, MIN_TOKEN_LENGTH } from './token-storage';
export { requestActivity } from './activity';
export { loadAxios } from './load-axios';
export { deviceId, DEVICE_ID_KEY } from './device-id';
export { connectivity, createConnectivity, type Connectivity, type ConnectivityEnv } from './connectivity/connectivity';
export { savedAt } from './offline-data/saved-at';
export { OFFLINE_CHANGE_MESSAGE } from './offline-data/offline-change';
export { sessionEvents, type SessionEvent, type SessionEndCause } from './session-events';
export {
  API_ERRORS,
  CLIENT_ERRORS,
  TOKEN_EXPIRED_ERROR,
  JWT_EXPIRED,
  NETWORK_ERROR,
  NO_CONNECTION_MESSAGE,
  apiErrorBody,
  errorMessage,
  explainApiError,
  errorCode,
  errorStatus,
  isNoAnswer,
  isTokenExpiredError,
  isFreshProofRequired,
  isSecondFactorRequired,
  proofKindsOf,
  retryAfterText,
  type ApiErrorCode,
} from './errors';
export { browserHasPasskeys, passkeyErrorText } from './passkey-browser';
export { freshProofApi, securitySettingsApi } from './calls/fresh-proof';
export { authApi, WITH_SETTINGS } from './calls/auth';
export { currentUserApi } from './calls/current-user';
export { dataRightsApi } from './calls/data-rights';
export { systemApi } from './calls/system';
export { usersApi } from './calls/users';
export { releasesApi } from './calls/releases';
export { sessionsApi } from './calls/sessions';
export { activityApi } from './calls/activity-log';
export { workspaceMembersApi } from './calls/workspace-members';
export { totpApi } from './calls/second-factor';
export { passkeysApi } from './calls/passkeys';
export { workspacesApi, projectsApi, linksApi, dashboardApi, billingApi, contactApi } from './calls/client-area';
export { call, type CallOptions } from './call';
export { startEarlyGet, getKey } from './early-gets';
export { EARLY_FETCHES_GLOBAL, type EarlyFetch } from './early-fetches';
export { endpoints } from '@kloof/api-contract/endpoints';

// The API's contract as the browser sees it: its types (erased at build time) and its plain values.
// The schemas themselves (TypeBox) stay on the server side: nothing here loads them.
export {
  FRESH_PROOF_SECONDS,
  PASSWORD_MIN_LENGTH,
  isEmailAsPassword,
  isPhoneNumber,
  PHONE_NUMBER_TEXT,
  PROJECT_STATUSES,
  PROOF_KINDS,
  ROLES,
  TELEMETRY_KINDS,
} from '@kloof/api-contract/constants';
export type { ProofKind } from '@kloof/api-contract/constants';
export type {
  Billing,
  BillingPlan,
  ContactMessage,
  DeviceSession,
  Dashboard,
  ErrorResponse,
  FreshProof,
  FreshProofBody,
  SecuritySettings,
  Health,
  Invoice,
  Link,
  LoginResponse,
  MessageResponse,
  Passkey,
  PasskeyAssertion,
  PendingDeletion,
  PasskeyCreationStart,
  PasskeyRegistration,
  PasskeyRequestStart,
  Project,
  ProjectStatus,
  ReleaseApp,
  ReleaseChange,
  ReleaseHealth,
  ReleaseHistoryEntry,
  ReleasesOverview,
  Role,
  TelemetryEvent,
  TelemetryKind,
  TelemetrySummary,
  TotpEnrolment,
  Tokens,
  UpdateProfileBody,
  User,
  UserSettings,
  VersionSummary,
  Workspace,
  WorkspaceInvitation,
  WorkspaceMember,
  WorkspaceRole,
  InvitationPreview,
  UserWorkspace,
} from '@kloof/api-contract';
