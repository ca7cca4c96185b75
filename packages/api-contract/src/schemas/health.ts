import { Type, type Static } from '@sinclair/typebox';

export const MailHealth = Type.Object({
  backlog: Type.Integer({ description: 'mails waiting for delivery (new or retrying)' }),
  failed: Type.Integer({ description: 'mails that ran out of tries' }),
  oldestBacklogSeconds: Type.Integer(),
});
export type MailHealth = Static<typeof MailHealth>;

/** GET /health, 200 or 503: `mail` only while the database answers. */
export const Health = Type.Object({
  status: Type.String(),
  database: Type.String(),
  version: Type.String(),
  mail: Type.Optional(MailHealth),
});
export type Health = Static<typeof Health>;
