import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Uuid } from './common';

// GET /dev/outbox: served only outside production and without SMTP (development and tests).

export const OutboxQuery = Type.Object(
  {
    to: Type.Optional(Type.String({ maxLength: 254 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxItem = Type.Object({
  id: Uuid,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Optional(Type.String()),
  createdAt: IsoDate,
  code: Type.Optional(Type.String()),
});
export type OutboxItem = Static<typeof OutboxItem>;

export const Outbox = Type.Object({ items: Type.Array(OutboxItem) });
export type Outbox = Static<typeof Outbox>;
