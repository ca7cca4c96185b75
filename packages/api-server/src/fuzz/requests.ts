import fc from 'fast-check';
import { jsonBytes, jsonTypeOf, RawBytes, RawJson } from './json-bytes';
import type { JsonSchema, Operation, Parameter } from './openapi';

/**
 * Generates requests that are invalid by construction from an operation of the OpenAPI document:
 * a valid base request (ids of real rows, values that pass the schema) with exactly one thing
 * broken. Nothing generated may pass validation, so nothing may be written; the one mutation that
 * passes validation on purpose (a well-formed id of no row) must end in a 404 or 400.
 */

export type Identity = 'anonymous' | 'client' | 'admin' | 'superAdmin';
export const IDENTITIES: readonly Identity[] = ['anonymous', 'client', 'admin', 'superAdmin'];

export interface FuzzContext {
  /** access tokens of real, verified users */
  tokens: Record<Exclude<Identity, 'anonymous'>, string>;
  /** an existing row per collection (`workspaces`, `projects`, `links`, `users`) */
  ids: Record<string, string>;
}

export interface FuzzRequest {
  operation: string;
  identity: Identity;
  /** what was broken, e.g. `body.name: control character` */
  mutation: string;
  method: string;
  /** path and query, percent-encoded except where raw bytes are the point */
  path: string;
  headers: Record<string, string>;
  /** the body's bytes, made when sent (some are megabytes; 12,000 of them at once would not fit) */
  payload: (() => Buffer) | undefined;
  /** a 400 must name one of these (the field, or `body`, `querystring`...) */
  names: string[];
  /** send on a connection of its own: the server may close it after answering */
  fresh: boolean;
}

interface Draft {
  params: Record<string, string>;
  query: string[];
  /** a JSON value, or undefined for no body */
  body: unknown;
  /** replaces the JSON encoding of `body` */
  rawBody?: () => Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Authorization header instead of the identity's token (null: none) */
  authorization?: string | null;
  mutation: string;
  names: string[];
  fresh?: boolean;
}

type Mutation = fc.Arbitrary<Draft>;

/** Drafts from `base` whose body is sent as the given bytes, not as the JSON of `body` (named: body). */
const rawBodyDrafts =
  (base: Draft) =>
  (bytes: Buffer | (() => Buffer), mutation: string, extra: Partial<Draft> = {}): Draft => ({
    ...base,
    rawBody: typeof bytes === 'function' ? bytes : () => bytes,
    mutation,
    names: ['body'],
    ...extra,
  });

// ---------------------------------------------------------------------------------------------
// Catalogues of bad values

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 9 && c !== 10 && c !== 13),
  ...Array.from({ length: 33 }, (_, i) => 0x7f + i),
].map((c) => String.fromCharCode(c));

/** Byte sequences that are not UTF-8: stray continuation, overlong NUL, encoded surrogate, > U+10FFFF... */
const NOT_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
].map((b) => Buffer.from(b));

/** The same, percent-encoded for a query string or path, plus broken escapes. */
const BAD_PERCENT_ENCODINGS = [
  '%',
  '%Z',
  '%ZZ',
  '%G0',
  'a%',
  '%%',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%E2%82',
  '%F4%90%80%80',
];

const deepArray = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth), 'array');
const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), 'object');

/** Values of every JSON type, with the awkward numbers; a field gets those its schema does not allow. */
const ANY_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 53 + 2,
  1e308,
  -1e308,
  new RawJson('1e999', 'number'),
  new RawJson('-1e999', 'number'),
  new RawJson('123456789012345678901234567890', 'integer'),
  new RawJson('1E+400', 'number'),
  new RawJson('-0', 'integer'),
  new RawJson('1e2', 'integer'),
  true,
  false,
  null,
  [],
  ['x'],
  [null],
  {},
  { a: 1 },
  { $ne: null },
  deepArray(2_000),
  deepObject(2_000),
  '',
  '1',
  '-1',
  'true',
  'false',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e20',
  '0x10',
  ' 1 ',
];

/** Ids in every spelling but the canonical one (and things that are not ids at all). */
const ODD_IDS: ((id: string) => string)[] = [
  (id) => `urn:uuid:${id}`,
  (id) => `urn%3Auuid%3A${id}`,
  (id) => `URN:UUID:${id}`,
  (id) => `{${id}}`,
  (id) => `%7B${id}%7D`,
  (id) => id.toUpperCase(),
  (id) => `%20${id}`,
  (id) => `${id}%20`,
  (id) => `%09${id}`,
  (id) => `${id}%0A`,
  (id) => `${id}%00`,
  () => `%00`,
  (id) => id.replace(/-/g, ''),
  (id) => `${id}0`,
  (id) => id.slice(0, -1),
  (id) => `${id.slice(0, -1)}g`,
  (id) => `${id.slice(0, 8)}${id.slice(9, 10)}-${id.slice(10)}`,
  (id) => id.repeat(40),
  () => '0'.repeat(5_000),
  (id) => `%E2%80%8B${id}`,
  (id) => `${id}%2F..`,
  () => `%2E%2E`,
  () => '..',
  () => '-1',
  () => '0',
  () => '1e20',
  () => 'NaN',
  () => 'null',
  () => 'undefined',
  () => 'true',
  () => '%5B%5D',
  () => '%ED%A0%80',
  () => '%ZZ',
  () => '%FF',
];

const BAD_EMAILS = [
  'plainaddress',
  '@example.com',
  'fuzz@',
  'fuzz@@example.com',
  'fu zz@example.com',
  'fuzz@exa mple.com',
  'fuzz@-example.com',
  'fuzz@example.com.',
  'fuzz@example.com\n',
  '"fuzz"@example.com',
  'fuzz@[127.0.0.1',
];

// ---------------------------------------------------------------------------------------------
// Valid base values

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

const anyId = (ctx: FuzzContext, collection: string) => ctx.ids[collection] ?? '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00';

function validValue(schema: JsonSchema, name: string, ctx: FuzzContext): unknown {
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

// ---------------------------------------------------------------------------------------------
// Bad values for one field of a JSON body

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

function badValues(schema: JsonSchema, base: unknown, ctx: FuzzContext): fc.Arbitrary<BadValue>[] {
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

// ---------------------------------------------------------------------------------------------
// Mutations of the body

interface Field {
  path: string[];
  schema: JsonSchema;
}

/** Every property of an object schema, nested objects included. */
function fieldsOf(schema: JsonSchema, prefix: string[] = []): Field[] {
  const out: Field[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: child });
    if (child.type === 'object') out.push(...fieldsOf(child, path));
  }
  return out;
}

const setAt = (root: unknown, path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const obj = { ...(root as Record<string, unknown>) };
  obj[head] = setAt(obj[head], rest, value);
  return obj;
};
const removeAt = (root: unknown, path: string[]): unknown => {
  const [head, ...rest] = path as [string, ...string[]];
  const obj = { ...(root as Record<string, unknown>) };
  if (rest.length === 0) delete obj[head];
  else obj[head] = removeAt(obj[head], rest);
  return obj;
};
const getAt = (root: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], root);

/** Objects (the body itself and nested ones) with the keys they must have or must not grow. */
function objectsOf(schema: JsonSchema, prefix: string[] = []): Field[] {
  const out: Field[] = [{ path: prefix, schema }];
  for (const f of fieldsOf(schema, prefix)) if (f.schema.type === 'object') out.push(f);
  return out;
}

const EXTRA_KEYS = ['id', 'roles', 'verified', 'ownerId', 'userId', 'isAdmin', 'password_hash', 'createdAt'];

function bodyMutations(op: Operation, base: Draft, ctx: FuzzContext): Mutation[] {
  const schema = op.body;
  if (!schema) return [];
  const out: Mutation[] = [];
  const fields = fieldsOf(schema);
  const nameOf = (path: string[]) => path.join('.');

  // One field gets a bad value.
  if (fields.length) {
    out.push(
      fc.constantFrom(...fields).chain((field) =>
        fc.oneof(...badValues(field.schema, getAt(base.body, field.path), ctx)).map((bad) => ({
          ...base,
          body: setAt(base.body, field.path, bad.value),
          mutation: `body.${nameOf(field.path)}: ${bad.what}`,
          names: bad.notUtf8 ? ['body'] : [nameOf(field.path)],
        })),
      ),
    );
    // A well-formed id of no row (passes validation: the handler must answer 404/400, not write).
    const idFields = fields.filter((f) => (f.schema.anyOf?.[0] ?? f.schema).format === 'uuid');
    if (idFields.length) {
      out.push(
        fc.tuple(fc.constantFrom(...idFields), fc.uuid({ version: 4 })).map(([field, id]) => ({
          ...base,
          body: setAt(base.body, field.path, id),
          mutation: `body.${nameOf(field.path)}: id of no row`,
          names: [nameOf(field.path)],
        })),
      );
    }
  }

  for (const obj of objectsOf(schema)) {
    const where = obj.path.length ? nameOf(obj.path) : 'body';
    const required = obj.schema.required ?? [];
    if (required.length) {
      out.push(
        fc.constantFrom(...required).map((key) => ({
          ...base,
          body: removeAt(base.body, [...obj.path, key]),
          mutation: `${where}: missing ${key}`,
          names: [[...obj.path, key].join('.')],
        })),
      );
    }
    if (obj.schema.additionalProperties === false) {
      const known = Object.keys(obj.schema.properties ?? {});
      const keys = fc.oneof(
        fc.constantFrom(...EXTRA_KEYS),
        fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,24}$/),
        fc.constant('a'.repeat(64)),
      );
      out.push(
        fc
          .tuple(
            keys.filter((k) => !known.includes(k)),
            fc.constantFrom(...ANY_VALUES),
          )
          .map(([key, value]) => ({
            ...base,
            body: setAt(base.body, [...obj.path, key], value),
            mutation: `${where}: extra field ${key}`,
            names: [key],
          })),
      );
    }
    if (required.length || (obj.schema.minProperties ?? 0) > 0) {
      out.push(
        fc.constant({
          ...base,
          body: setAt(base.body, obj.path, {}),
          mutation: `${where}: {}`,
          names: [where, ...required.map((key) => [...obj.path, key].join('.'))],
        }),
      );
    }
  }

  // The body as a whole.
  const baseJson = jsonBytes(base.body);
  const raw = rawBodyDrafts(base);
  out.push(
    fc
      .constantFrom<unknown>([], [base.body], 'body', 1, null, true, deepArray(10_000))
      .map((value) => ({ ...base, body: value, mutation: `body: a ${jsonTypeOf(value)}`, names: ['body'] })),
    fc
      .constantFrom('__proto__', 'constructor')
      .map((key) =>
        raw(
          Buffer.from(
            `{${key === '__proto__' ? '"__proto__":{"isAdmin":true}' : '"constructor":{"prototype":{"isAdmin":true}}'},${baseJson.toString().slice(1)}`,
          ),
          `body: ${key} key`,
        ),
      ),
    fc.constant(raw(Buffer.alloc(0), 'body: empty')),
    fc.constant({ ...base, body: undefined, mutation: 'body: none', names: ['body'] }),
    fc.constant(deepObject(20_000)).map((value) => ({
      ...base,
      body: value,
      mutation: 'body: nested 20000 deep',
      names: ['body', 'a', ...(schema.required ?? [])],
    })),
  );
  return out;
}

/** Broken JSON and transport: for every operation whose method carries a body (not GET). */
function payloadMutations(op: Operation, base: Draft): Mutation[] {
  if (op.method === 'GET') return [];
  const json = jsonBytes(base.body ?? {}).toString();
  const raw = rawBodyDrafts(base);
  const malformed = [
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":undefined}',
    '{"a":01}',
    '{"a":.5}',
    '{"a":0x10}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a":1}/*c*/',
    // one BOM may be ignored (RFC 8259 section 8.1), two may not
    '\uFEFF\uFEFF{}',
    `${json}x`,
    `${json}${json}`,
    json.slice(0, -1),
    `{"a":"${'\u0000'}"}`,
    `{"a":"${'\u001f'}"}`,
  ];
  return [
    fc
      .constantFrom(...malformed)
      .map((text) => raw(Buffer.from(text, 'utf8'), `payload: malformed JSON ${JSON.stringify(text.slice(0, 20))}`)),
    fc
      .tuple(fc.constantFrom(...NOT_UTF8), fc.nat(json.length))
      .map(([bytes, i]) =>
        raw(
          Buffer.concat([Buffer.from(json.slice(0, i)), bytes, Buffer.from(json.slice(i))]),
          'payload: bytes not UTF-8',
        ),
      ),
    fc
      .constantFrom(
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset="iso-8859-1"',
        'text/xml',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=fuzz',
        'application/octet-stream',
        'application/json-patch+json',
        'application/jsonx',
        'image/png',
      )
      .map((contentType) =>
        raw(Buffer.from(json), `payload: Content-Type ${contentType}`, { contentType, names: ['Content-Type'] }),
      ),
    // text/plain is parsed (as a string), so only a route that reads a body refuses it; a route
    // that declares text/plain (telemetry beacons) reads it as JSON, and gets no such request.
    ...(op.body && !op.mediaTypes.includes('text/plain')
      ? [fc.constant(raw(Buffer.from(json), 'payload: text/plain', { contentType: 'text/plain', names: ['body'] }))]
      : []),
    fc.constantFrom('gzip', 'br', 'deflate', 'compress', 'x-fuzz').map((encoding) =>
      raw(Buffer.from(json), `payload: Content-Encoding ${encoding}`, {
        headers: { 'content-encoding': encoding },
        names: ['Content-Encoding'],
      }),
    ),
    // Just over the 256 KiB limit (what the server reads before refusing): valid JSON with a
    // padding field where the route reads a body, plain bytes elsewhere.
    fc
      .integer({ min: 257 * 1024, max: 320 * 1024 })
      .map((n) =>
        raw(
          () => (op.body ? jsonBytes(setAt(base.body, ['padding'], 'p'.repeat(n))) : Buffer.alloc(n, 0x7b)),
          'payload: too large',
          { fresh: true },
        ),
      ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Mutations of the query string and the path

const encode = (text: string) => encodeURIComponent(text);

function badQueryValues(param: Parameter): fc.Arbitrary<{ raw: string; what: string }>[] {
  const s = param.schema;
  const out: fc.Arbitrary<{ raw: string; what: string }>[] = [];
  if (s.type === 'integer' || s.type === 'number') {
    const min = s.minimum ?? -Infinity;
    // Integer query fields need a maximum: `page=1e20` became an OFFSET PostgreSQL cannot hold.
    const max = s.maximum ?? 2 ** 31 - 1;
    const texts = [
      'abc',
      '',
      '1.5',
      '1e2',
      '1e20',
      '1E400',
      '0x10',
      '0b1',
      '0o7',
      '1_0',
      ' 5',
      '5 ',
      '+5',
      'NaN',
      'Infinity',
      '-Infinity',
      '99999999999999999999',
      '-99999999999999999999',
      String(max + 1),
      String(Number.isFinite(min) ? min - 1 : -(2 ** 31) - 1),
      '１',
      'null',
      '[]',
      'true',
    ].filter((t) => !/^-?[0-9]+$/.test(t) || Number(t) < min || Number(t) > max);
    out.push(fc.constantFrom(...texts).map((t) => ({ raw: encode(t), what: `number ${JSON.stringify(t)}` })));
  }
  if (s.type === 'string' || s.type === undefined) {
    const base = s.format === 'uuid' ? '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00' : 'fuzz';
    out.push(fc.constantFrom(...CONTROL_CHARACTERS).map((c) => ({ raw: encode(base + c), what: 'control character' })));
    if (s.maxLength !== undefined) {
      const n = s.maxLength + 1;
      out.push(fc.constant({ raw: 'a'.repeat(n), what: `longer than ${s.maxLength}` }));
    }
    if (s.format === 'uuid') {
      out.push(fc.constantFrom(...ODD_IDS).map((odd) => ({ raw: odd(base), what: 'odd id form' })));
    }
    if (s.enum) out.push(fc.constant({ raw: 'not-in-enum', what: 'not in the enum' }));
  }
  return out;
}

function queryMutations(op: Operation, base: Draft): Mutation[] {
  const out: Mutation[] = [];
  const params = op.queryParams;
  const withQuery = (query: string[], mutation: string, names: string[], extra: Partial<Draft> = {}): Draft => ({
    ...base,
    query,
    mutation,
    names,
    ...extra,
  });
  if (params.length) {
    out.push(
      fc
        .constantFrom(...params)
        .chain((p) =>
          fc
            .oneof(...badQueryValues(p))
            .map((bad) => withQuery([`${p.name}=${bad.raw}`], `query.${p.name}: ${bad.what}`, [p.name])),
        ),
      // Declared once, sent twice: the schema wants one value, not a list.
      fc.constantFrom(...params).map((p) => {
        const v = encode(String(validQueryValue(p)));
        return withQuery([`${p.name}=${v}`, `${p.name}=${v}`], `query.${p.name}: sent twice`, [p.name]);
      }),
      // Operations that declare query parameters refuse undeclared ones.
      fc
        .stringMatching(/^[a-z][a-zA-Z0-9_]{0,16}$/)
        .filter((k) => !params.some((p) => p.name === k))
        .map((k) => withQuery([`${k}=1`], `query: undeclared ${k}`, [k])),
    );
  }
  // Broken percent-encoding is refused on every route, declared parameter or not; raw bytes above
  // 0x7f in the request line are refused by the HTTP parser, which then closes the connection.
  out.push(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.constantFrom(params[0]?.name ?? 'q', 'x'), fc.constantFrom(...BAD_PERCENT_ENCODINGS), fc.boolean())
          .map(([k, bad, inKey]) =>
            withQuery(
              [inKey ? `${bad}=1` : `${k}=${bad}`],
              `query: bad encoding ${bad}`,
              inKey ? ['querystring'] : [k, 'querystring'],
            ),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('\u00ff', '\u00c3\u00a9', '\u0080', '\u00ed\u00a0\u0080')
          .map((bytes) =>
            withQuery([`x=${bytes}`], 'query: raw bytes', ['Client Error', 'querystring'], { fresh: true }),
          ),
      },
    ),
  );
  return out;
}

function validQueryValue(p: Parameter): unknown {
  const s = p.schema;
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.format === 'uuid') return '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00';
  return 'fuzz';
}

function pathMutations(op: Operation, base: Draft): Mutation[] {
  const out: Mutation[] = [];
  for (const p of op.pathParams) {
    const current = base.params[p.name] as string;
    const names = [p.name, 'URL path'];
    if (p.schema.format === 'uuid') {
      out.push(
        fc.constantFrom(...ODD_IDS).map((odd) => ({
          ...base,
          params: { ...base.params, [p.name]: odd(current) },
          mutation: `path.${p.name}: odd id`,
          names,
        })),
        fc.uuid({ version: 4 }).map((id) => ({
          ...base,
          params: { ...base.params, [p.name]: id },
          mutation: `path.${p.name}: id of no row`,
          names,
        })),
      );
    }
    out.push(
      fc
        .oneof(
          fc.constantFrom(...CONTROL_CHARACTERS).map((c) => encode(current + c)),
          fc.constantFrom(...BAD_PERCENT_ENCODINGS.filter((b) => b !== '%%')),
          fc.constant('a'.repeat(10_000)),
        )
        .map((value) => ({
          ...base,
          params: { ...base.params, [p.name]: value },
          mutation: `path.${p.name}: bad text`,
          names,
        })),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Mutations of the credentials (operations that declare a bearer token)

function forgedJwt(token: string): string {
  const [, payload] = token.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${payload}.`;
}

function authMutations(op: Operation, base: Draft, ctx: FuzzContext): Mutation[] {
  if (!op.secured) return [];
  const token = ctx.tokens.superAdmin;
  const flip = (t: string, at: number) => t.slice(0, at) + (t[at] === 'A' ? 'B' : 'A') + t.slice(at + 1);
  const dot = token.indexOf('.');
  const headers: (string | null)[] = [
    null,
    'Bearer',
    'Bearer ',
    'Basic ZnV6ejpmdXp6',
    `Token ${token}`,
    `Bearer ${token} ${token}`,
    `Bearer ${flip(token, token.length - 10)}`,
    `Bearer ${flip(token, dot + 5)}`,
    `Bearer ${token}x`,
    `Bearer ${forgedJwt(token)}`,
    'Bearer a.b.c',
    `Bearer ${'x'.repeat(8_000)}`,
  ];
  return [
    fc.constantFrom(...headers).map((authorization) => ({
      ...base,
      authorization,
      mutation: `auth: ${authorization === null ? 'none' : authorization.slice(0, 24)}`,
      names: ['Authorization'],
    })),
  ];
}

// ---------------------------------------------------------------------------------------------

function baseDraft(op: Operation, ctx: FuzzContext): Draft {
  const collection = op.template.split('/').filter(Boolean)[1] ?? '';
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, anyId(ctx, collection)]));
  return {
    params,
    query: [],
    body: op.body ? validValue(op.body, '', ctx) : undefined,
    mutation: 'none',
    names: [],
  };
}

function toRequest(op: Operation, identity: Identity, draft: Draft, ctx: FuzzContext): FuzzRequest {
  const path =
    op.template.replace(/\{(\w+)\}/g, (_, name: string) => draft.params[name] ?? '') +
    (draft.query.length ? `?${draft.query.join('&')}` : '');
  const headers: Record<string, string> = { ...draft.headers };
  const payload = draft.rawBody ?? (draft.body === undefined ? undefined : () => jsonBytes(draft.body));
  if (payload !== undefined && draft.contentType !== null)
    headers['content-type'] = draft.contentType ?? 'application/json';
  const authorization =
    draft.authorization !== undefined
      ? draft.authorization
      : identity === 'anonymous'
        ? null
        : `Bearer ${ctx.tokens[identity]}`;
  if (authorization !== null) headers.authorization = authorization;
  // Characters a URL may not carry raw: the HTTP parser may refuse them and close the connection.
  const unsafe = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.test(path);
  return {
    operation: op.id,
    identity: draft.authorization !== undefined ? 'anonymous' : identity,
    mutation: draft.mutation,
    method: op.method,
    path,
    headers,
    payload,
    names: draft.names,
    fresh: (draft.fresh ?? false) || unsafe,
  };
}

/** Bad requests for every operation, each with one of the identities. */
export function badRequests(operations: Operation[], ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const perOperation = operations.map((op) => {
    const base = baseDraft(op, ctx);
    const mutations = [
      ...bodyMutations(op, base, ctx),
      ...payloadMutations(op, base),
      ...queryMutations(op, base),
      ...pathMutations(op, base),
      ...authMutations(op, base, ctx),
    ];
    return fc
      .tuple(fc.constantFrom(...IDENTITIES), fc.oneof(...mutations))
      .map(([identity, draft]) => toRequest(op, identity, draft, ctx));
  });
  return fc.oneof(...perOperation);
}
