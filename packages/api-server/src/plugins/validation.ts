import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';
import { badlyEncodedQueryPart, findTextIssue, TEXT_PROBLEM_MESSAGES } from '../lib/text';

/** The one spelling of an id the API hands out; PostgreSQL would also take braces, upper case or no dashes. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Query values of integer fields are plain decimal digits: no `1e20`, `0x10`, ` 5` or `Infinity`. */
const DECIMAL_INTEGER = /^-?[0-9]+$/;

function createAjv(coerceTypes: false | 'array'): Ajv {
  // allErrors stays off: with it a crafted body makes validation do far more work (DoS).
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('uuid', CANONICAL_UUID);
  return ajv;
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

function issue(instancePath: string, keyword: string, message: string, params: Record<string, unknown> = {}) {
  return { instancePath, schemaPath: '#', keyword, params, message } as ErrorObject;
}

const pointer = (path: string[]) => path.map((p) => `/${p}`).join('');

function integerQueryFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, s]) => s.type === 'integer')
    .map(([name]) => name);
}

/** Runs the API-wide input rules before the route's own schema, reporting like ajv does. */
function withInputRules(validate: ValidateFunction, part: Part, schema: unknown) {
  const integerFields = part === 'querystring' ? integerQueryFields(schema) : [];
  const check = (data: unknown, context?: unknown): boolean => {
    const text = findTextIssue(data);
    if (text) {
      const message = TEXT_PROBLEM_MESSAGES[text.problem];
      check.errors = [issue(pointer(text.path), 'text', text.inKey ? `field names ${message}` : message)];
      return false;
    }
    for (const name of integerFields) {
      const value = (data as Record<string, unknown> | null)?.[name];
      if (typeof value === 'string' && !DECIMAL_INTEGER.test(value)) {
        check.errors = [issue(`/${name}`, 'type', 'must be integer', { type: 'integer' })];
        return false;
      }
    }
    const ok = (validate as (d: unknown, c?: unknown) => boolean)(data, context);
    check.errors = validate.errors ?? null;
    return ok;
  };
  check.errors = null as ErrorObject[] | null;
  // Fastify passes the parent object to ajv functions (so coercion can replace a root value).
  (check as { schemaEnv?: unknown }).schemaEnv = validate.schemaEnv;
  return check as unknown as FastifyValidationResult;
}

/**
 * Request validation for every route: bodies are JSON and keep their types (no `"name": 1` turned
 * into "1"), query and path values (always text) are coerced; ids must be canonical UUIDs; no input
 * carries control characters or lone surrogates; query strings must be valid percent-encoded UTF-8.
 * Every refusal is a 400 whose message names the field (see the errors plugin's formatter).
 */
export default fp(
  async (app) => {
    const strict = createAjv(false);
    const coercing = createAjv('array');
    const compile = (ajv: Ajv, schema: FastifySchema & { $id?: string }) =>
      (schema.$id ? ajv.getSchema(schema.$id) : undefined) ?? ajv.compile(schema);

    app.setValidatorCompiler(({ schema, httpPart }) => {
      const part = (httpPart ?? 'body') as Part;
      const validate = compile(part === 'body' ? strict : coercing, schema as FastifySchema & { $id?: string });
      return withInputRules(validate, part, schema);
    });

    app.addHook('onRequest', async (request) => {
      const q = request.url.indexOf('?');
      if (q === -1) return;
      const bad = badlyEncodedQueryPart(request.url.slice(q + 1));
      if (bad) throw badRequest(`${bad.key ?? 'querystring'} must be valid percent-encoded UTF-8`, 'validation_failed');
    });
  },
  { name: 'validation', dependencies: ['errors'] },
);
