import { endpoints } from '@kloof/api-contract/endpoints';
import type { ConfirmBody, LoginBody, RegisterBody, ResetPasswordBody } from '@kloof/api-contract';
import { call } from '../call';

/** include=[settings], the literal form the API takes. */
export const WITH_SETTINGS = { include: '[settings]' } as const;

const { auth } = endpoints;

/** Calls under /v1/auth: none of them sends the bearer token (their declarations are public). */
export const authApi = {
  login: (credentials: LoginBody, options: { settings?: boolean } = {}) =>
    call(auth.login, { body: credentials, query: options.settings ? WITH_SETTINGS : undefined }),
  register: (payload: RegisterBody) => call(auth.register, { body: payload }),
  refreshToken: (refreshToken: string) => call(auth.refreshToken, { body: { refreshToken } }),
  logout: (refreshToken: string) => call(auth.logout, { body: { refreshToken } }),
  forgetPassword: (email: string) => call(auth.forgetPassword, { body: { email } }),
  /** A reset code is only valid with the address it was sent to. */
  validOtp: (otp: string, email: string) => call(auth.validOtp, { body: { otp, email } }),
  resetPassword: (payload: ResetPasswordBody) => call(auth.resetPassword, { body: payload }),
  /** Resends the verification code. */
  resendConfirmation: (email: string) => call(auth.resendConfirmation, { body: { email } }),
  confirmAccount: (payload: ConfirmBody) => call(auth.confirmAccount, { body: payload }),
};
