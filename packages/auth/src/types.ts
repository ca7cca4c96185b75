/** Auth states of spec point 4. */
export type AuthState = 'UNKNOWN' | 'SIGNED_IN' | 'SIGNED_OUT';

export interface UserSettings {
  theme?: 'light' | 'dark' | 'system';
  newsletter?: boolean;
}

export interface User {
  id: string;
  email: string;
  username: string;
  fullName?: string;
  company?: string;
  phone?: string;
  roles: string[];
  verified: boolean;
  createdAt?: string;
  settings?: UserSettings;
}

export interface AuthSession {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
  state: AuthState;
  isCheckingAuth: boolean;
}
