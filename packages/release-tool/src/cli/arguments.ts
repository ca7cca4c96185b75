import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ReleaseError } from '../releases/apps';

const OPTIONS = {
  // One folder per app, in the order the apps are named (a release set names several).
  from: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  'skip-build': { type: 'boolean' },
  origin: { type: 'string' },
  canary: { type: 'string' },
  force: { type: 'boolean' },
  reason: { type: 'string' },
  who: { type: 'string' },
  keep: { type: 'string' },
  limit: { type: 'string' },
  api: { type: 'string' },
  'min-sample': { type: 'string' },
  window: { type: 'string' },
  margin: { type: 'string' },
  z: { type: 'string' },
  'lcp-margin': { type: 'string' },
  'inp-margin': { type: 'string' },
  'cls-margin': { type: 'string' },
  'vitals-min-sample': { type: 'string' },
  interval: { type: 'string' },
  'trust-browser-errors': { type: 'boolean' },
  'trust-browser-vitals': { type: 'boolean' },
  once: { type: 'boolean' },
  check: { type: 'boolean' },
  serves: { type: 'string' },
  since: { type: 'string' },
  'releases-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

const takesValue = (name: string) => (OPTIONS as Record<string, { type: string }>)[name]?.type === 'string';

/**
 * `--canary -5` as `--canary=-5`: a value that looks like a negative number is the option's value
 * (refused with its own message later), not an option of its own.
 */
function joinNegativeValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg.startsWith('--') && takesValue(arg.slice(2)) && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`${arg}=${next}`);
      i += 1;
    } else joined.push(arg);
  }
  return joined;
}

/** Node's parse errors as one line each (an unknown option, a missing value), never a stack trace. */
function oneLine(error: unknown): ReleaseError {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(message ?? '')?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new ReleaseError(`Unknown option ${option}. See --help.`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new ReleaseError(
      takesValue(option.replace(/^--/, '')) ? `${option} needs a value.` : `${option} takes no value.`,
    );
  }
  return new ReleaseError(String(message).split('\n')[0]!);
}

export type CliValues = ReturnType<typeof parse>['values'];

function parse(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: OPTIONS });
}

/** The command line's options and positionals, or a one-line error. */
export function parseCommandLine(args: readonly string[] = process.argv.slice(2)) {
  try {
    return parse(joinNegativeValues(args));
  } catch (error) {
    throw oneLine(error);
  }
}

/** A decimal number as typed (no hex, exponent or Infinity: `--canary 0x10` is not 16). */
export function number(option: string, value: string): number {
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value.trim())) {
    throw new ReleaseError(`${option} takes a number (got "${value}").`);
  }
  return Number(value);
}

/** --canary: a whole percent of browsers, 1 to 99. */
export function percent(option: string, value: string): number {
  const parsed = number(option, value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 99) {
    throw new ReleaseError(`${option} takes a whole percent of browsers from 1 to 99 (got "${value}").`);
  }
  return parsed;
}
