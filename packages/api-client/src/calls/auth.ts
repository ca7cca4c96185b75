import { http } from '../http';
import type { LoginResponse, MessageResponse, Tokens, User } from '../types';

/** include=[settings], the literal form the API takes. */
export const WITH_SETTINGS = { include: '[settings]' } as const;

export interface RegisterPayload {
  username: string;
  email: string;
  password: string;
  fullName?: string;
  company?: string;
  phone?: string;
  message?: string;
}

export interface ResetPasswordPayload {
  otp: string;
  password: string;
  passwordConfirm: string;
  email?: string;
}

/** Calls under /v1/auth: none of them sends the bearer token. */
export const authApi = {
  async login(credentials: { email: string; password: string }, options: { settings?: boolean } = {}) {
    const { data } = await http.post<LoginResponse>('auth/login', credentials, {
      authorization: false,
      params: options.settings ? WITH_SETTINGS : undefined,
    });
    return data;
  },
  async register(payload: RegisterPayload) {
    const { data } = await http.post<MessageResponse>('auth/register', payload, { authorization: false });
    return data;
  },
  async refreshToken(refreshToken: string) {
    const { data } = await http.post<Tokens>('auth/refreshToken', { refreshToken }, { authorization: false });
    return data;
  },
  async logout(refreshToken: string): Promise<void> {
    await http.post('auth/logout', { refreshToken }, { authorization: false });
  },
  async forgetPassword(email: string) {
    const { data } = await http.post<MessageResponse>('auth/forgetPassword', { email }, { authorization: false });
    return data;
  },
  async validOtp(otp: string, email?: string) {
    const { data } = await http.post<{ valid: boolean }>('auth/validOtp', { otp, email }, { authorization: false });
    return data;
  },
  async resetPassword(payload: ResetPasswordPayload) {
    const { data } = await http.post<MessageResponse>('auth/resetPassword', payload, { authorization: false });
    return data;
  },
  /** Resends the verification code. */
  async resendConfirmation(email: string) {
    const { data } = await http.post<MessageResponse>('auth/accountConfirmation', { email }, { authorization: false });
    return data;
  },
  async confirmAccount(payload: { email: string; otp: string }) {
    const { data } = await http.post<MessageResponse & { user?: User }>('auth/accountConfirmation/confirm', payload, {
      authorization: false,
    });
    return data;
  },
};
