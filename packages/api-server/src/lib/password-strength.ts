import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { isEmailAsPassword } from '@kloof/api-contract/constants';
import { apiError } from './http-error';

/**
 * Passwords nobody may choose: the ~49,000 most common passwords of leaked password lists that
 * zxcvbn-ts ships (@zxcvbn-ts/language-common, `passwords-common`), checked as typed and in lower
 * case, and anything zxcvbn rates below "somewhat guessable" (score < 2: fewer than ~10^6 guesses,
 * e.g. "Password1234" or "qwerty2026"), with the user's own address and name as extra words.
 * Everything is in the package: no network call.
 */
const MIN_SCORE = 2;

let loaded: { leaked: Set<string>; estimator: ZxcvbnFactory } | undefined;

function load() {
  loaded ??= {
    leaked: new Set(dictionary['passwords-common'] as string[]),
    estimator: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  };
  return loaded;
}

/** Loads the list once (a few hundred ms), so the first sign-up does not wait for it. */
export function preloadPasswordChecks(): number {
  return load().leaked.size;
}

export function isWeakPassword(password: string, userInputs: string[] = []): boolean {
  const { leaked, estimator } = load();
  if (leaked.has(password) || leaked.has(password.toLowerCase())) return true;
  // "ann.mokoena@example.com" gives ann, mokoena, example, and annmokoena as a whole.
  const words = userInputs
    .map((input) => input.toLowerCase())
    .flatMap((input) => [...input.split(/[^a-z0-9]+/), input.split('@')[0]!.replace(/[^a-z0-9]/g, '')])
    .filter((w) => w.length >= 3);
  return estimator.check(password, words).score < MIN_SCORE;
}

/**
 * Refuses a new password (400) that is the account's address or the part before its @, then one
 * that is leaked or easy to guess with the address and `names` (the username) as extra words.
 */
export function assertNewPasswordAllowed(password: string, email: string, names: string[] = []): void {
  if (isEmailAsPassword(password, email)) throw apiError(400, 'password_is_email');
  if (isWeakPassword(password, [email, ...names])) throw apiError(400, 'weak_password');
}
