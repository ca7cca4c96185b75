import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';

/** What a variable holds once read: an optional one may be unset. */
export type Value<S extends TSchema> = S extends TOptional<TSchema> ? Static<S> | undefined : Static<S>;

/**
 * One environment variable: its name, its schema (type, bounds, default), what it means (the README
 * table), and how its value becomes the setting the code reads (`decode`, identity when absent).
 */
export interface Setting<S extends TSchema = TSchema, T = unknown> {
  env: string;
  schema: S;
  doc: string;
  /** The default in words, when it is not one fixed value (a path, a list, "generated"). */
  shown?: string;
  // A method, not a property: a setting of any schema then fits a declaration (bivariant parameter).
  decode(value: Value<S>): T;
}

/** A declaration: settings, possibly grouped (a group is a nested object of the config). */
export type Declaration = { [key: string]: Setting | Declaration };

/** The typed config a declaration describes: every setting decoded, groups nested. */
export type SettingsOf<D> = { [K in keyof D]: D[K] extends Setting<TSchema, infer T> ? T : SettingsOf<D[K]> };

export function setting<S extends TSchema>(env: string, schema: S, doc: string, shown?: string): Setting<S, Value<S>>;
export function setting<S extends TSchema, T>(
  env: string,
  schema: S,
  doc: string,
  options: { shown?: string; decode: (value: Value<S>) => T },
): Setting<S, T>;
export function setting(
  env: string,
  schema: TSchema,
  doc: string,
  options?: string | { shown?: string; decode: (value: unknown) => unknown },
): Setting {
  const { shown, decode = (value: unknown) => value } = typeof options === 'object' ? options : { shown: options };
  return { env, schema, doc, decode, ...(shown === undefined ? {} : { shown }) };
}

export function isSetting(entry: Setting | Declaration): entry is Setting {
  return typeof (entry as Setting).env === 'string' && typeof (entry as Setting).decode === 'function';
}

/** Every setting of a declaration, in declaration order (groups flattened). */
export function settingsIn(declaration: Declaration): Setting[] {
  return Object.values(declaration).flatMap((entry) => (isSetting(entry) ? [entry] : settingsIn(entry)));
}

/** The flat object schema of the environment: one property per variable. */
export function environmentSchema(declaration: Declaration) {
  return Type.Object(Object.fromEntries(settingsIn(declaration).map((s) => [s.env, s.schema])), {
    additionalProperties: false,
  });
}

/** The nested settings from validated variables (defaults filled in): each one decoded. */
export function decodeSettings<D extends Declaration>(declaration: D, values: Record<string, unknown>): SettingsOf<D> {
  const decoded: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(declaration)) {
    decoded[key] = isSetting(entry) ? entry.decode(values[entry.env]) : decodeSettings(entry, values);
  }
  return decoded as SettingsOf<D>;
}

// Schema builders for the kinds of values environment variables hold.

export const Int = (min: number, max?: number, fallback?: number) =>
  Type.Integer({
    minimum: min,
    ...(max === undefined ? {} : { maximum: max }),
    ...(fallback === undefined ? {} : { default: fallback }),
  });
/** One of a few words, as a plain JSON-schema enum (one clear error, not one per choice). */
export const OneOf = <const T extends readonly string[]>(values: T, fallback?: T[number]) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(fallback ? { default: fallback } : {}) });
export const Seconds = (fallback: number, min = 1, max?: number) => Int(min, max, fallback);
export const Count = (fallback: number, max?: number) => Int(1, max, fallback);
/** Optional text; `rule` words a pattern for its error ("must be <rule>"). */
export const Text = (options: { pattern?: string; minLength?: number; rule?: string } = {}) =>
  Type.Optional(Type.String(options));
export const Flag = Type.Optional(
  Type.String({
    pattern: '^(?:1|0|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo])$',
    rule: '1, 0, true, false, yes or no',
  }),
);

/** A flag's value: on for 1, true or yes (any case). */
export const isOn = (value: string | undefined) => ['1', 'true', 'yes'].includes((value ?? '').toLowerCase());

/** A comma list, trimmed, empty entries dropped. */
export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
