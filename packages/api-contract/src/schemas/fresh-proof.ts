import { Type, type Static } from '@sinclair/typebox';
import { PROOF_KINDS } from '../constants';
import { IsoDate, StringEnum, Uuid } from './common';
import { PasskeyAssertion } from './passkeys';

/**
 * A check of the signed-in user, for changes that need a fresh proof: the kind, and the fields
 * that kind reads (`password` for a password; `code` for a code from the authenticator app or a
 * recovery code; `ceremony` and `response` for a passkey, after /fresh-proof/passkey/options).
 */
export const FreshProofBody = Type.Object(
  {
    kind: StringEnum(PROOF_KINDS),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    code: Type.Optional(Type.String({ minLength: 6, maxLength: 32, examples: ['123456', 'k3m9q-7xw2p'] })),
    ceremony: Type.Optional(Uuid),
    response: Type.Optional(PasskeyAssertion),
  },
  { additionalProperties: false },
);
export type FreshProofBody = Static<typeof FreshProofBody>;

/** A recorded proof: it holds for this session (not another) until `validUntil`. */
export const FreshProof = Type.Object({
  kind: StringEnum(PROOF_KINDS),
  provedAt: IsoDate,
  validUntil: IsoDate,
});
export type FreshProof = Static<typeof FreshProof>;

/** `feedback` of the 403 freshProofRequired: the kinds this user can prove with, and how long a proof lasts. */
export const FreshProofRequired = Type.Object({
  reason: Type.Literal('fresh-proof-required'),
  kinds: Type.Array(StringEnum(PROOF_KINDS)),
  maxAgeSeconds: Type.Integer(),
});
export type FreshProofRequired = Static<typeof FreshProofRequired>;

/** Account-security rules a SuperAdmin sets for the whole site. */
export const SecuritySettings = Type.Object(
  {
    /** Admin and SuperAdmin accounts must have a second factor before any admin route answers. */
    requireSecondFactorForAdmins: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SecuritySettings = Static<typeof SecuritySettings>;
