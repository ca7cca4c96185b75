export { authStore, createAuthStore, followSessionEvents, SIGNED_OUT_SESSION, type AuthStore } from './store';
export { useAuth } from './use-auth';
export { KNOWN_USER_KEY } from './known-user';
export {
  checkAuth,
  createStartupCheck,
  recheckWhenOnline,
  startupCheck,
  AuthCheckError,
  AUTH_RETRY_LIMIT,
  AUTH_RETRY_DELAY_MS,
  RELOAD_AFTER_REFRESH_MS,
  MAX_STARTUP_CHECKS,
  type CheckOptions,
} from './check';
export { useAuthStartup } from './use-auth-startup';
export { syncAcrossTabs } from './cross-tab';
export { recordVisit, pathBefore, resetOrigins, type LocationLike } from './origin';
export { signOut } from './sign-out';
export { GuestOnly } from './guards/GuestOnly';
export { RequireAuth, authDecision } from './guards/RequireAuth';
export { returnPath, rememberedOrigin, landingAfterSignIn } from './guards/return-path';
export type { AuthState, AuthSession, User, UserSettings } from './types';
export { RequireSystemUser } from './guards/RequireSystemUser';
export { AccessDenied } from './guards/AccessDenied';
export { fetchSystemUsers, isSystemUser, systemUsersOf, useSystemUser } from './system-users';
export {
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_DELAY_MS,
  JWT_EXPIRED_MESSAGE,
  JWT_EXPIRED_TOAST_MS,
  SESSION_GONE_MESSAGE,
  notifySessionExpired,
  showSessionExpired,
  resetSessionNotices,
  toastError,
} from './notices';
export { useFreshProof, ProofCancelled, isProofCancelled } from './fresh-proof/use-fresh-proof';
export type { AskForPasskey } from './fresh-proof/proof-forms';
