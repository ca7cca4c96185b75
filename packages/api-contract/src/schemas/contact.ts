import { Type, type Static } from '@sinclair/typebox';
import { CursorPageOf, CursorQuery, Email, IsoDate, Uuid } from './common';

/** POST /contact: the public contact form. */
export const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/** The answer to a sent message: its id and a thank-you text to show. */
export const ContactReceipt = Type.Object({ id: Uuid, message: Type.String() });
export type ContactReceipt = Static<typeof ContactReceipt>;

export const ContactMessage = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  message: Type.String(),
  createdAt: IsoDate,
});
export type ContactMessage = Static<typeof ContactMessage>;

/** Newest first (received, then id). */
export const ContactListQuery = Type.Object(CursorQuery, { additionalProperties: false });
export type ContactListQuery = Static<typeof ContactListQuery>;

export const ContactPage = CursorPageOf(ContactMessage);
export type ContactPage = Static<typeof ContactPage>;
