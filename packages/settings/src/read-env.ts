import { Ajv, type ErrorObject } from 'ajv';
import type { Static } from '@sinclair/typebox';
import { environmentSchema, settingsIn, type Declaration } from './setting';

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

type RuleWords = { minimum?: number; maximum?: number; minLength?: number; rule?: string; enum?: string[] };

/**
 * The reader of one program's environment, from its declaration: `read` takes only the object given
 * (tests pass their own, a CLI passes process.env), coerces types, fills in defaults, and throws an
 * EnvError listing every variable that breaks its rule (all at once, not the first only).
 * `keptAsGiven`: variables whose surrounding spaces are part of the value (a password).
 */
export function envReader(declaration: Declaration, options: { keptAsGiven?: readonly string[] } = {}) {
  const schema = environmentSchema(declaration);
  const names = settingsIn(declaration).map((s) => s.env);
  const keptAsGiven = new Set(options.keptAsGiven ?? []);
  // `rule` is the declaration's wording of a pattern ("must be <rule>"), not a validation keyword.
  const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: true, keywords: ['rule'] });
  const validate = ajv.compile(schema);

  /** The variables the declaration knows, trimmed; empty ones count as unset (`PORT=` means the default). */
  function given(env: Record<string, string | undefined>): Record<string, string> {
    const known: Record<string, string> = {};
    for (const name of names) {
      const raw = env[name];
      const value = keptAsGiven.has(name) ? raw : raw?.trim();
      if (value) known[name] = value;
    }
    return known;
  }

  /** One sentence per broken rule, naming the variable, the rule and (for numbers and words) the value given. */
  function explain(error: ErrorObject, values: Record<string, string>): string | undefined {
    const name = error.instancePath.replace(/^\//, '');
    const raw = values[name];
    // The rule's own words and bounds, read back from the variable's schema.
    const rule = (schema.properties as Record<string, RuleWords>)[name];
    if (!name || !rule) return undefined;
    const got = ` (got "${raw}")`;
    switch (error.keyword) {
      case 'type':
      case 'minimum':
      case 'maximum': {
        const { minimum, maximum } = rule;
        const range = maximum === undefined ? `of at least ${minimum}` : `between ${minimum} and ${maximum}`;
        return `${name} must be an integer ${range}${got}`;
      }
      case 'minLength':
        return `${name} must be at least ${rule.minLength} characters`;
      case 'pattern':
        // No value echoed: URLs carry passwords, and logs keep what a failed start prints.
        return `${name} must be ${rule.rule}`;
      case 'enum':
        return `${name} must be one of: ${rule.enum?.join(', ')}${got}`;
      default:
        return undefined;
    }
  }

  return {
    /** The flat schema of the environment: one property per variable. */
    schema,
    read(env: Record<string, string | undefined>): Static<typeof schema> {
      const values = given(env);
      const data: Record<string, unknown> = { ...values };
      if (validate(data)) return data as Static<typeof schema>;
      const problems = [
        ...new Set((validate.errors ?? []).map((e) => explain(e, values)).filter((p) => p !== undefined)),
      ];
      throw new EnvError(problems.length ? problems : [ajv.errorsText(validate.errors)]);
    },
  };
}
