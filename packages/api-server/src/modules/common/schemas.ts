import { Type, type Static, type TUnsafe } from '@sinclair/typebox';

/** A string enum as a plain JSON-schema `enum` (clear validation messages, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date-time' });

export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    message: Type.String(),
    error: Type.String(),
    feedback: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorResponse', description: 'Every error: { statusCode, message, error, feedback? }' },
);

export const MessageResponse = Type.Object({ message: Type.String() });

export const IdParams = Type.Object({ id: Uuid });

/** `include=[settings]` (the front end's literal form) or `include=settings`. */
export const IncludeQuery = Type.Object(
  { include: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. [settings]' })) },
  { additionalProperties: false },
);

export function includes(include: string | undefined, what: string): boolean {
  if (!include) return false;
  return include
    .replace(/[[\]\s]/g, '')
    .split(',')
    .includes(what);
}

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 256 });

export const Settings = Type.Object({
  theme: StringEnum(['light', 'dark', 'system']),
  newsletter: Type.Boolean(),
});

export const UserSchema = Type.Object({
  id: Uuid,
  email: Type.String(),
  username: Type.String(),
  fullName: Type.String(),
  company: Type.String(),
  phone: Type.String(),
  roles: Type.Array(Type.String()),
  verified: Type.Boolean(),
  createdAt: IsoDate,
  settings: Type.Optional(Settings),
});
export type UserDto = Static<typeof UserSchema>;

/** Pages are bounded so `(page - 1) * pageSize` stays a small OFFSET (page=1e20 overflowed bigint). */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** Error responses for the OpenAPI doc (and so the serializer keeps feedback). */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((c) => [c, ErrorResponse]));
}
