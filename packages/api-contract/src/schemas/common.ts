import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { API_ERROR_CODES, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '../constants';

/** A string enum as a plain JSON-schema `enum` (clear validation messages, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date-time' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 256 });
/** A phone number as people write it, or '' for none (PHONE_PATTERN). */
export const Phone = Type.String({ maxLength: 50, pattern: PHONE_PATTERN, examples: ['+27 21 555 0143'] });

/** Every error answer of the API: `code` for programs to decide by, `message` for people. */
export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    code: StringEnum(API_ERROR_CODES, {
      description: 'Stable machine code (API_ERRORS keys and the variable-text codes)',
    }),
    message: Type.String(),
    error: Type.String(),
    /** A JSON value; for an expired access token `{ expiredAt }`. */
    feedback: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorResponse', description: 'Every error: { statusCode, code, message, error, feedback? }' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** The body of a 204 answer. */
export const NoContent = Type.Null({ description: 'No content' });
export type NoContent = Static<typeof NoContent>;

export const IdParams = Type.Object({ id: Uuid });
export type IdParams = Static<typeof IdParams>;

/** `include=[settings]` (the front end's literal form) or `include=settings`. */
export const IncludeQuery = Type.Object(
  { include: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. [settings]' })) },
  { additionalProperties: false },
);
export type IncludeQuery = Static<typeof IncludeQuery>;

/**
 * Keyset pages: `after` is the `next` of the page before (opaque, base64url), `limit` how many
 * rows. The list answers rows strictly after that key in its stable order, so a page costs the
 * same at row 10 and at row 10,000 and rows added meanwhile neither repeat nor go missing.
 */
export const CursorQuery = {
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "The previous page's `next`",
    }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX, default: PAGE_LIMIT_DEFAULT })),
};

/** One keyset page: its rows and the cursor of the next page (null on the last). */
export function CursorPageOf<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    next: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `after` for the next page' }),
  });
}
