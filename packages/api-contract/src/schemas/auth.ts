import { Type, type Static } from '@sinclair/typebox';
import { Email, Password, Phone } from './common';
import { User } from './users';

const Text = (max: number) => Type.String({ maxLength: max });
/**
 * A random id the browser keeps for itself (never the same in two browsers). Once the browser has
 * signed in (or reset the password) with it, the account knows it: sign-in failures from elsewhere
 * never slow it, and its code tries are its own.
 */
export const DeviceId = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
const Otp = Type.String({ minLength: 1, maxLength: 32, description: 'the numeric code from the e-mail' });

export const RegisterBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    email: Email,
    password: Password,
    fullName: Type.Optional(Text(200)),
    company: Type.Optional(Text(200)),
    phone: Type.Optional(Phone),
    message: Type.Optional(Text(5000)),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    device: Type.Optional(DeviceId),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const Tokens = Type.Object({ accessToken: Type.String(), refreshToken: Type.String() });
export type Tokens = Static<typeof Tokens>;

export const LoginResponse = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  user: User,
  /** This sign-in cancelled the account's pending deletion (the client says so; a mail says it too). */
  deletionCancelled: Type.Optional(Type.Boolean()),
});
export type LoginResponse = Static<typeof LoginResponse>;

/**
 * The right password for an account with a second factor: no tokens yet, a short-lived challenge,
 * to be completed with a code from the app (or a recovery code), or with one of the account's
 * passkeys when `passkey` is true.
 */
export const SecondFactorChallenge = Type.Object({
  secondFactor: Type.Literal('totp'),
  challenge: Type.String(),
  passkey: Type.Boolean(),
});
export type SecondFactorChallenge = Static<typeof SecondFactorChallenge>;

/** What POST /auth/login answers: the session, or a challenge when a second factor is on. */
export const LoginAnswer = Type.Union([LoginResponse, SecondFactorChallenge]);
export type LoginAnswer = Static<typeof LoginAnswer>;

/** The second step of a challenged sign-in: a 6-digit code from the app, or a recovery code. */
export const SecondFactorBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 4096 }),
    code: Type.String({ minLength: 6, maxLength: 32 }),
    device: Type.Optional(DeviceId),
  },
  { additionalProperties: false },
);
export type SecondFactorBody = Static<typeof SecondFactorBody>;

export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;

export const EmailBody = Type.Object({ email: Email }, { additionalProperties: false });
export type EmailBody = Static<typeof EmailBody>;

/** A code is only valid with the address it was sent to (the reset link carries both). */
export const ValidOtpBody = Type.Object(
  { otp: Otp, email: Email, device: Type.Optional(DeviceId) },
  { additionalProperties: false },
);
export type ValidOtpBody = Static<typeof ValidOtpBody>;
export const ValidOtpResponse = Type.Object({ valid: Type.Boolean() });
export type ValidOtpResponse = Static<typeof ValidOtpResponse>;

export const ResetPasswordBody = Type.Object(
  {
    otp: Otp,
    password: Password,
    passwordConfirm: Type.String({ maxLength: 256 }),
    email: Email,
    device: Type.Optional(DeviceId),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/**
 * A sign-in link from the mail sent while sign-in to the account was held: it makes the browser
 * that opens it a known device of the account (the password is still asked).
 */
export const SignInLinkBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }), device: DeviceId },
  { additionalProperties: false },
);
export type SignInLinkBody = Static<typeof SignInLinkBody>;
export const SignInLinkResponse = Type.Object({ message: Type.String(), email: Type.String() });
export type SignInLinkResponse = Static<typeof SignInLinkResponse>;

export const ConfirmBody = Type.Object({ email: Email, otp: Otp }, { additionalProperties: false });
export type ConfirmBody = Static<typeof ConfirmBody>;
export const ConfirmResponse = Type.Object({ message: Type.String(), user: Type.Optional(User) });
export type ConfirmResponse = Static<typeof ConfirmResponse>;

/** The first SuperAdmin, created with the one-time token the API prints at start. */
export const BootstrapBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    password: Password,
    username: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type BootstrapBody = Static<typeof BootstrapBody>;
export const BootstrapResponse = Type.Object({ message: Type.String(), user: User });
export type BootstrapResponse = Static<typeof BootstrapResponse>;
