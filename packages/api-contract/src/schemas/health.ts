import { Type, type Static } from '@sinclair/typebox';

export const MailHealth = Type.Object({
  backlog: Type.Integer({ description: 'mails waiting for delivery (new or retrying)' }),
  failed: Type.Integer({ description: 'mails that ran out of tries' }),
  oldestBacklogSeconds: Type.Integer(),
});
export type MailHealth = Static<typeof MailHealth>;

/** Which contract versions this API answers (the release gate reads it; see contract-version.ts). */
export const ContractHealth = Type.Object({
  version: Type.String({ description: 'the contract version this API was built with' }),
  serves: Type.String({ description: 'the contract versions it answers, as a semver range' }),
});
export type ContractHealth = Static<typeof ContractHealth>;

/** GET /health, 200 or 503: `mail` only while the database answers. */
export const Health = Type.Object({
  status: Type.String(),
  database: Type.String(),
  version: Type.String(),
  contract: ContractHealth,
  mail: Type.Optional(MailHealth),
});
export type Health = Static<typeof Health>;
