import { endpoints } from '@kloof/api-contract/endpoints';
import type {
  BootstrapBody,
  ConfirmBody,
  LoginBody,
  PasskeyAssertion,
  RegisterBody,
  ResetPasswordBody,
} from '@kloof/api-contract';
import { call } from '../call';
import { deviceId } from '../device-id';

/** include=[settings], the literal form the API takes. */
export const WITH_SETTINGS = { include: '[settings]' } as const;

const { auth } = endpoints;

/** This browser's device id goes with sign-in and the reset code calls (see ../device-id). */
function withDevice<T extends object>(body: T): T & { device?: string } {
  const device = deviceId();
  return device ? { ...body, device } : body;
}

/**
 * Calls under /v1/auth: none of them sends the bearer token (their declarations are public).
 * Sign-in and the reset code calls carry this browser's device id, so an attacker's failures
 * elsewhere never slow it.
 */
export const authApi = {
  login: (credentials: LoginBody, options: { settings?: boolean } = {}) =>
    call(auth.login, { body: withDevice(credentials), query: options.settings ? WITH_SETTINGS : undefined }),
  /** Finishes a sign-in that answered with a challenge: a code from the authenticator app or a recovery code. */
  loginSecondFactor: (challenge: string, code: string, options: { settings?: boolean } = {}) =>
    call(auth.loginSecondFactor, {
      body: withDevice({ challenge, code }),
      query: options.settings ? WITH_SETTINGS : undefined,
    }),
  /** The browser's options to sign in with any passkey of this site, and the ceremony to answer with. */
  startPasskeySignIn: () => call(auth.startPasskeySignIn),
  /** Signs in with a passkey alone. */
  loginWithPasskey: (ceremony: string, response: PasskeyAssertion, options: { settings?: boolean } = {}) =>
    call(auth.loginWithPasskey, {
      body: withDevice({ ceremony, response }),
      query: options.settings ? WITH_SETTINGS : undefined,
    }),
  /** Options for the account's passkeys, to finish a sign-in that answered with a challenge. */
  startPasskeySecondFactor: (challenge: string) => call(auth.startPasskeySecondFactor, { body: { challenge } }),
  loginSecondFactorPasskey: (
    challenge: string,
    ceremony: string,
    response: PasskeyAssertion,
    options: { settings?: boolean } = {},
  ) =>
    call(auth.loginSecondFactorPasskey, {
      body: withDevice({ challenge, ceremony, response }),
      query: options.settings ? WITH_SETTINGS : undefined,
    }),
  register: (payload: RegisterBody) => call(auth.register, { body: payload }),
  /** The first SuperAdmin, with the one-time token of the start-up link. */
  bootstrap: (payload: BootstrapBody) => call(auth.bootstrap, { body: payload }),
  refreshToken: (refreshToken: string) => call(auth.refreshToken, { body: { refreshToken } }),
  logout: (refreshToken: string) => call(auth.logout, { body: { refreshToken } }),
  forgetPassword: (email: string) => call(auth.forgetPassword, { body: { email } }),
  /** A reset code is only valid with the address it was sent to. */
  validOtp: (otp: string, email: string) => call(auth.validOtp, { body: withDevice({ otp, email }) }),
  resetPassword: (payload: ResetPasswordBody) => call(auth.resetPassword, { body: withDevice(payload) }),
  /** Resends the verification code. */
  resendConfirmation: (email: string) => call(auth.resendConfirmation, { body: { email } }),
  confirmAccount: (payload: ConfirmBody) => call(auth.confirmAccount, { body: payload }),
  /** Uses a mailed sign-in link: this browser (its device id) may then sign in while the account is held. */
  redeemSignInLink: (token: string, device: string) => call(auth.redeemSignInLink, { body: { token, device } }),
};
