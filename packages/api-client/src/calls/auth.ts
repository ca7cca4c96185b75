import { deviceId } from '../device-id';
import { http } from '../http';
import type {
  ConfirmBody,
  ConfirmResponse,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  Tokens,
  ValidOtpResponse,
} from '@kloof/api-contract';

function withDevice<T extends object>(body: T): T & { device?: string } {
  const device = deviceId();
  return device ? { ...body, device } : body;
}

/** include=[settings], the literal form the API takes. */
export const WITH_SETTINGS = { include: '[settings]' } as const;

/**
 * Calls under /v1/auth: none of them sends the bearer token. Sign-in and the reset code calls carry
 * this browser's device id, so an attacker's failures elsewhere never slow it.
 */
export const authApi = {
  async login(credentials: LoginBody, options: { settings?: boolean } = {}) {
    const { data } = await http.post<LoginResponse>('auth/login', withDevice(credentials), {
      authorization: false,
      params: options.settings ? WITH_SETTINGS : undefined,
    });
    return data;
  },
  async register(payload: RegisterBody) {
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
  /** A reset code is only valid with the address it was sent to. */
  async validOtp(otp: string, email: string) {
    const { data } = await http.post<ValidOtpResponse>('auth/validOtp', withDevice({ otp, email }), {
      authorization: false,
    });
    return data;
  },
  async resetPassword(payload: ResetPasswordBody) {
    const { data } = await http.post<MessageResponse>('auth/resetPassword', withDevice(payload), {
      authorization: false,
    });
    return data;
  },
  /** Resends the verification code. */
  async resendConfirmation(email: string) {
    const { data } = await http.post<MessageResponse>('auth/accountConfirmation', { email }, { authorization: false });
    return data;
  },
  async confirmAccount(payload: ConfirmBody) {
    const { data } = await http.post<ConfirmResponse>('auth/accountConfirmation/confirm', payload, {
      authorization: false,
    });
    return data;
  },
};
