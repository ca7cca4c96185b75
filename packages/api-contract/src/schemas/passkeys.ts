import { Type, type Static } from '@sinclair/typebox';
import { DeviceId } from './auth';
import { IsoDate, StringEnum, Uuid } from './common';

// The WebAuthn JSON shapes (https://w3c.github.io/webauthn/#sctn-parseCreationOptionsFromJSON),
// as @simplewebauthn/server makes them and @simplewebauthn/browser answers them. Every field of an
// answer is declared, or the serializer would drop it; bodies are bounded, never open-ended.

/** Binary data as the browser sends it: base64url without padding. */
const Base64Url = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength });
const CREDENTIAL_ID = Base64Url(1400); // a credential id is at most 1023 bytes

/** 'internal', 'hybrid', 'usb'...: hints for the browser, kept as the browser named them. */
const Transports = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 16 });
const Requirement = StringEnum(['discouraged', 'preferred', 'required'] as const);
const Hints = Type.Array(StringEnum(['hybrid', 'security-key', 'client-device'] as const), { maxItems: 3 });

const CredentialDescriptor = Type.Object({
  id: CREDENTIAL_ID,
  type: Type.String({ examples: ['public-key'] }),
  transports: Type.Optional(Transports),
});

/** What navigator.credentials.create() is given to make a passkey (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = Type.Object({
  challenge: Base64Url(128),
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Base64Url(128), name: Type.String(), displayName: Type.String() }),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: Type.Literal('public-key') })),
  timeout: Type.Optional(Type.Integer({ minimum: 0 })),
  attestation: Type.Optional(StringEnum(['none', 'indirect', 'direct', 'enterprise'] as const)),
  excludeCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(StringEnum(['platform', 'cross-platform'] as const)),
      residentKey: Type.Optional(Requirement),
      requireResidentKey: Type.Optional(Type.Boolean()),
      userVerification: Type.Optional(Requirement),
    }),
  ),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
  hints: Type.Optional(Hints),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

/** What navigator.credentials.get() is given to sign in with a passkey (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptions = Type.Object({
  challenge: Base64Url(128),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(CredentialDescriptor)),
  timeout: Type.Optional(Type.Integer({ minimum: 0 })),
  userVerification: Type.Optional(Requirement),
  hints: Type.Optional(Hints),
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

/**
 * One ceremony: its id (to send back with the browser's answer; it is good once, for a few
 * minutes, and only for the flow that asked) and the options for the browser.
 */
export const PasskeyCreationStart = Type.Object({ ceremony: Uuid, options: PasskeyCreationOptions });
export type PasskeyCreationStart = Static<typeof PasskeyCreationStart>;
export const PasskeyRequestStart = Type.Object({ ceremony: Uuid, options: PasskeyRequestOptions });
export type PasskeyRequestStart = Static<typeof PasskeyRequestStart>;

const credentialCommon = {
  id: CREDENTIAL_ID,
  rawId: CREDENTIAL_ID,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(StringEnum(['platform', 'cross-platform'] as const)),
  clientExtensionResults: Type.Object(
    { credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) })) },
    { maxProperties: 16 },
  ),
};

/** The browser's new passkey (RegistrationResponseJSON), from navigator.credentials.create(). */
export const PasskeyRegistration = Type.Object(
  {
    ...credentialCommon,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(8192),
        attestationObject: Base64Url(65536),
        authenticatorData: Type.Optional(Base64Url(65536)),
        transports: Type.Optional(Transports),
        publicKeyAlgorithm: Type.Optional(Type.Integer()),
        publicKey: Type.Optional(Base64Url(8192)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PasskeyRegistration = Static<typeof PasskeyRegistration>;

/** The browser's signature with a passkey (AuthenticationResponseJSON), from navigator.credentials.get(). */
export const PasskeyAssertion = Type.Object(
  {
    ...credentialCommon,
    response: Type.Object(
      {
        clientDataJSON: Base64Url(8192),
        authenticatorData: Base64Url(8192),
        signature: Base64Url(2048),
        userHandle: Type.Optional(Base64Url(128)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

/** A name the owner gives a passkey ("Work laptop"); some text besides spaces. */
const PasskeyName = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S', examples: ['Work laptop'] });

/** One passkey of the signed-in user. */
export const Passkey = Type.Object({
  id: Uuid,
  name: Type.String(),
  createdAt: IsoDate,
  lastUsedAt: Type.Union([IsoDate, Type.Null()]),
  /** Kept in sync by its provider (a password manager or phone account), so it may be on several devices. */
  synced: Type.Boolean(),
});
export type Passkey = Static<typeof Passkey>;

export const PasskeyList = Type.Object({ items: Type.Array(Passkey) });
export type PasskeyList = Static<typeof PasskeyList>;

export const PasskeyParams = Type.Object({ passkeyId: Uuid });
export type PasskeyParams = Static<typeof PasskeyParams>;

/** Adding or removing a passkey changes how the account signs in: the current password says it is the owner. */
export const PasskeyPasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type PasskeyPasswordBody = Static<typeof PasskeyPasswordBody>;

export const AddPasskeyBody = Type.Object(
  { ceremony: Uuid, response: PasskeyRegistration, name: Type.Optional(PasskeyName) },
  { additionalProperties: false },
);
export type AddPasskeyBody = Static<typeof AddPasskeyBody>;

export const RenamePasskeyBody = Type.Object({ name: PasskeyName }, { additionalProperties: false });
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>;

/** Signing in with a passkey alone. */
export const PasskeySignInBody = Type.Object(
  { ceremony: Uuid, response: PasskeyAssertion, device: Type.Optional(DeviceId) },
  { additionalProperties: false },
);
export type PasskeySignInBody = Static<typeof PasskeySignInBody>;

/** The password step's challenge, to ask for a passkey as its second factor. */
export const PasskeySecondFactorStartBody = Type.Object(
  { challenge: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export type PasskeySecondFactorStartBody = Static<typeof PasskeySecondFactorStartBody>;

/** The second step of a challenged sign-in, with a passkey of the account. */
export const PasskeySecondFactorBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 4096 }),
    ceremony: Uuid,
    response: PasskeyAssertion,
    device: Type.Optional(DeviceId),
  },
  { additionalProperties: false },
);
export type PasskeySecondFactorBody = Static<typeof PasskeySecondFactorBody>;
