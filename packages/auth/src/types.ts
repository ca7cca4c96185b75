import type { User as ApiUser, UserSettings as ApiUserSettings } from '@kloof/api-client';

/** Auth states: UNKNOWN until the first check, then SIGNED_IN or SIGNED_OUT. */
export type AuthState = 'UNKNOWN' | 'SIGNED_IN' | 'SIGNED_OUT';

export type User = ApiUser;
export type UserSettings = ApiUserSettings;

/** The auth session: both tokens, the user, the state and whether a check is running. */
export interface AuthSession {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
  state: AuthState;
  isCheckingAuth: boolean;
  /** Where the sign-in page wants the user to land; guest-only pages send a signed-in user there first. */
  landing: string | null;
  /** The API could not be reached to confirm this session (offline): checked again when back online. */
  unconfirmed: boolean;
}
