import { Ajv, type ErrorObject } from 'ajv';
import type { Static } from '@sinclair/typebox';
import { apiSettings } from './declaration';
import { environmentSchema, settingsIn } from './settings';

/** The flat schema of the API's environment, from the one declaration. */
export const ApiEnv = environmentSchema(apiSettings);
export type ApiEnv = Static<typeof ApiEnv>;

// Strings coerced to numbers, defaults filled in, every problem reported (not the first only).
// `rule` is the declaration's wording of a pattern ("must be <rule>"), not a validation keyword.
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, keywords: ['rule'] });
const validate = ajv.compile(ApiEnv);

/** Variables whose surrounding spaces are part of the value (a password may start or end with one). */
const KEPT_AS_GIVEN = new Set(['ADMIN_PASSWORD']);

/** The variables the declaration knows, trimmed; empty ones count as unset (`PORT=` means the default). */
function given(env: Record<string, string | undefined>): Record<string, string> {
  const known: Record<string, string> = {};
  for (const { env: name } of settingsIn(apiSettings)) {
    const raw = env[name];
    const value = KEPT_AS_GIVEN.has(name) ? raw : raw?.trim();
    if (value) known[name] = value;
  }
  return known;
}

type RuleWords = { minimum?: number; maximum?: number; minLength?: number; rule?: string; enum?: string[] };

/** One sentence per broken rule, naming the variable, the rule and (for numbers and words) the value given. */
function explain(error: ErrorObject, values: Record<string, string>): string | undefined {
  const name = error.instancePath.replace(/^\//, '');
  const raw = values[name];
  // The rule's own words and bounds, read back from the variable's schema.
  const schema = (ApiEnv.properties as Record<string, RuleWords>)[name];
  if (!name || !schema) return undefined;
  const got = ` (got "${raw}")`;
  switch (error.keyword) {
    case 'type':
    case 'minimum':
    case 'maximum': {
      const { minimum, maximum } = schema;
      const range = maximum === undefined ? `of at least ${minimum}` : `between ${minimum} and ${maximum}`;
      return `${name} must be an integer ${range}${got}`;
    }
    case 'minLength':
      return `${name} must be at least ${schema.minLength} characters`;
    case 'pattern':
      // No value echoed: URLs carry passwords, and logs keep what a failed start prints.
      return `${name} must be ${schema.rule}`;
    case 'enum':
      return `${name} must be one of: ${schema.enum?.join(', ')}${got}`;
    default:
      return undefined;
  }
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

/**
 * Reads the API's environment against the declaration: types coerced, defaults filled in. Reads
 * only the object given (tests pass their own, the CLI passes process.env). Throws an EnvError
 * listing every variable that breaks its rule (all at once, not the first only).
 */
export function readEnv(env: Record<string, string | undefined>): ApiEnv {
  const values = given(env);
  const data: Record<string, unknown> = { ...values };
  if (validate(data)) return data as ApiEnv;
  const problems = [...new Set((validate.errors ?? []).map((e) => explain(e, values)).filter((p) => p !== undefined))];
  throw new EnvError(problems.length ? problems : [ajv.errorsText(validate.errors)]);
}
