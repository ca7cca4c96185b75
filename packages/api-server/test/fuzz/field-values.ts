import fc from 'fast-check';
import { ANY_VALUES, BAD_EMAILS, CONTROL_CHARACTERS, NOT_UTF8, ODD_IDS } from './bad-values';
import type { FuzzContext } from './draft';
import { jsonTypeOf, RawBytes } from './json-bytes';
import type { JsonSchema } from './openapi';

// Values for one field of a schema: a valid one for the base request, and bad ones for a mutation.

const allowedTypes = (schema: JsonSchema): Set<string> => {
  const types = new Set<string>();
  for (const s of schema.anyOf ?? [schema]) {
    if (s.type) types.add(s.type);
    if (s.type === 'number') types.add('integer');
    if (s.nullable) types.add('null');
  }
  return types;
};

/** The collection an id field points into: `workspaceId` -> `workspaces`. */
const collectionOf = (fieldName: string) => `${fieldName.replace(/Id$/, '').toLowerCase()}s`;

export const anyId = (ctx: FuzzContext, collection: string) =>
  ctx.ids[collection] ?? '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00';

export function validValue(schema: JsonSchema, name: string, ctx: FuzzContext): unknown {
  const s = schema.anyOf?.find((b) => b.type !== 'null') ?? schema;
  if (s.enum) return s.enum[0];
  // A patterned string's own example is valid where a generated one would not be.
  if (s.pattern !== undefined && s.example !== undefined) return s.example;
  switch (s.type) {
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uuid') return anyId(ctx, collectionOf(name));
      if (s.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (/url|uri/i.test(name)) return 'https://example.com/fuzz';
      return 'f'.repeat(Math.max(s.minLength ?? 0, 8));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? [validValue(s.items ?? {}, name, ctx)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, child]) => [key, validValue(child, key, ctx)]),
      );
    default:
      return 'fuzz';
  }
}

interface BadValue {
  value: unknown;
  what: string;
  /** holds bytes that are not UTF-8: the body is refused as a whole, before any field is read */
  notUtf8?: boolean;
}

const insertAt = (text: string, insert: string) =>
  fc.nat(text.length).map((i) => text.slice(0, i) + insert + text.slice(i));

function badStrings(schema: JsonSchema, base: string): fc.Arbitrary<BadValue>[] {
  const out: fc.Arbitrary<BadValue>[] = [
    fc
      .constantFrom(...CONTROL_CHARACTERS)
      .chain((c) => insertAt(base, c))
      .map((value) => ({ value, what: 'control character' })),
    fc
      .integer({ min: 0xd800, max: 0xdfff })
      .chain((c) => insertAt(base, String.fromCharCode(c)))
      .map((value) => ({ value, what: 'lone surrogate' })),
    fc.constant({ value: `${base}\udc00\ud800`, what: 'reversed surrogate pair' }),
    fc.constantFrom(...NOT_UTF8).map((bytes) => ({
      value: new RawBytes(Buffer.concat([Buffer.from(base), bytes])),
      what: 'bytes not UTF-8',
      notUtf8: true,
    })),
  ];
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    out.push(
      fc
        .oneof(fc.integer({ min: max + 1, max: max + 64 }), fc.constant(max * 4 + 1_000))
        .map((n) => ({ value: 'a'.repeat(n), what: `longer than ${max}` })),
    );
  }
  if ((schema.minLength ?? 0) >= 1) {
    const min = schema.minLength as number;
    out.push(fc.integer({ min: 0, max: min - 1 }).map((n) => ({ value: 'a'.repeat(n), what: `shorter than ${min}` })));
  }
  if (schema.enum) {
    const first = String(schema.enum[0]);
    out.push(
      fc
        .constantFrom(first.toUpperCase(), `${first} `, ` ${first}`, `${first}s`, 'other', '*', first.slice(1))
        .filter((v) => !schema.enum?.includes(v))
        .map((value) => ({ value, what: 'not in the enum' })),
    );
  }
  if (schema.format === 'email') {
    out.push(fc.constantFrom(...BAD_EMAILS).map((value) => ({ value, what: 'not an e-mail' })));
  }
  if (schema.format === 'uuid') {
    out.push(
      fc
        .constantFrom(...ODD_IDS)
        .map((odd) => decodeURIComponentLoose(odd(base)))
        .map((value) => ({ value, what: 'odd id form' })),
    );
  }
  return out;
}

/** Path forms of odd ids reused as JSON strings (`%7B` -> `{`); broken escapes stay as text. */
function decodeURIComponentLoose(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function badValues(schema: JsonSchema, base: unknown, ctx: FuzzContext): fc.Arbitrary<BadValue>[] {
  const allowed = allowedTypes(schema);
  const wrongTypes = ANY_VALUES.filter((v) => !allowed.has(jsonTypeOf(v)));
  const out: fc.Arbitrary<BadValue>[] = [
    fc.constantFrom(...wrongTypes).map((value) => ({ value, what: `wrong type ${jsonTypeOf(value)}` })),
  ];
  const s = schema.anyOf?.find((b) => b.type !== 'null') ?? schema;
  if (s.type === 'string') out.push(...badStrings(s, typeof base === 'string' ? base : 'fuzz'));
  if (s.type === 'integer' || s.type === 'number') {
    const numbers: number[] = [];
    if (s.minimum !== undefined) numbers.push(s.minimum - 1, s.minimum - 1e6);
    if (s.maximum !== undefined) numbers.push(s.maximum + 1, s.maximum * 1e6 + 1);
    if (s.type === 'integer') numbers.push((s.minimum ?? 0) + 0.5);
    if (numbers.length) out.push(fc.constantFrom(...numbers).map((value) => ({ value, what: 'out of range' })));
  }
  if (s.type === 'array' && s.items) {
    const item = validValue(s.items, '', ctx);
    if (s.maxItems !== undefined) {
      const n = s.maxItems + 1;
      out.push(fc.constant({ value: Array.from({ length: n }, () => item), what: `more than ${s.maxItems} items` }));
    }
    if (s.uniqueItems) out.push(fc.constant({ value: [item, item], what: 'duplicate items' }));
    out.push(
      fc
        .oneof(...badValues(s.items, item, ctx))
        .map((bad) => ({ ...bad, value: [bad.value], what: `item: ${bad.what}` })),
    );
  }
  return out;
}
