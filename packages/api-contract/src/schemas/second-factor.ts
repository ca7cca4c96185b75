import { Type, type Static } from '@sinclair/typebox';

/** A 6-digit code from an authenticator app. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', examples: ['123456'] });

/** Whether the signed-in user has an authenticator app, and how many recovery codes are unused. */
export const TotpStatus = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TotpStatus = Static<typeof TotpStatus>;

/** A new, not yet confirmed enrolment: shown once, the secret is never sent again. */
export const TotpEnrolment = Type.Object({
  /** Base32 key, for typing into the app by hand. */
  secret: Type.String(),
  /** otpauth://totp/... URI, what the QR code holds. */
  uri: Type.String(),
  /** The QR code of `uri` as a PNG data URL. */
  qrDataUrl: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

export const TotpCodeBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
export type TotpCodeBody = Static<typeof TotpCodeBody>;

/** Ten single-use recovery codes, returned once when the app is confirmed. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;
