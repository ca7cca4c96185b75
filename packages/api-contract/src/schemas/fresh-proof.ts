import { Type, type Static } from '@sinclair/typebox';
import { PROOF_KINDS } from '../constants';
import { IsoDate, StringEnum } from './common';
import { TotpCode } from './second-factor';

/**
 * A check of the signed-in user, for changes that need a fresh proof: the kind, and the field
 * that kind reads (`password` for a password, `code` for an authenticator code).
 */
export const FreshProofBody = Type.Object(
  {
    kind: StringEnum(PROOF_KINDS),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    code: Type.Optional(TotpCode),
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
