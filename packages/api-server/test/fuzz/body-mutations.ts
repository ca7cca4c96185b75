import fc from 'fast-check';
import { ANY_VALUES, deepArray, deepObject, NOT_UTF8 } from './bad-values';
import { rawBodyDrafts, type Draft, type FuzzContext, type Mutation } from './draft';
import { badValues } from './field-values';
import { jsonBytes, jsonTypeOf } from './json-bytes';
import type { JsonSchema, Operation } from './openapi';

// Mutations of the body: one field, the object's keys, the body as a whole, and its bytes in transit.

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

export function bodyMutations(op: Operation, base: Draft, ctx: FuzzContext): Mutation[] {
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
export function payloadMutations(op: Operation, base: Draft): Mutation[] {
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
