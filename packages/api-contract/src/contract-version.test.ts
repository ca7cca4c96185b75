import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import semver from 'semver';
import * as contract from './index';
import { allEndpoints } from './endpoints/index';
import { CONTRACT_VERSION, OLDEST_SERVED_CONTRACT, SERVED_CONTRACTS } from './contract-version';

/**
 * What clients depend on, per contract version: a hash of every operation (method, path, access,
 * schema names, statuses) and every schema, words for people (summaries, descriptions) left out.
 */
const FINGERPRINTS: Record<string, string> = {
  '1.0.0': 'ab30acf288615644',
  // /health says which contract versions it serves.
  '1.1.0': '620390cb65cdc28a',
  // Passkeys: add, rename, remove; sign in with one alone or as the second factor (its challenge says `passkey`).
  '1.2.0': '31f164faca19c0d4',
  // Fresh proof and the admins' second-factor setting; changing the password takes the current one
  // as a proof or not at all; turning TOTP off takes no body (an older client is asked for a proof).
  '1.3.0': 'c61f1b4439e2c9f0',
  // A sign-in held for an account under attack mails a link; POST /auth/sign-in-link makes the browser that opens it known.
  // A new password that is the account's e-mail address has its own error text; a passkey and a
  // recovery code are proofs; taking a factor away asks for a proof made with one (its own text).
  // The telemetry summary says how many networks reported render errors and vitals (optional field).
  '1.4.0': '6ae5c213a54b88ae',
  '1.5.0': 'ccd6291409a63e9a',
  // Every list in keyset pages (client lists, users, contact messages, sessions).
  '2.0.0': '12c802852e6e81b8',
  // GET /v1/users takes `role` (its holders, `any`: of a role); PageQuery, unused since 2.0.0, gone.
  '2.1.0': '1b77b37584facb28',
  // Every error answer carries a stable machine `code` (API_ERRORS keys, the variable-text codes); `message` stays.
  '2.2.0': 'baa1cb74e19b35b7', // with 2.1.0's role filter; server-only texts in SERVER_ERRORS
  // The sessions lists list devices: one per browser, with how many sessions it holds (`sessions`).
  '2.3.0': 'eaf82e4acd226111',
  // A profile's phone (PATCH /current-user, register) is a phone number (PHONE_PATTERN) or ''.
  '2.4.0': '833ff461f0c90eff',
  // The activity log (GET /user/activity, /users/:id/activity) and the "this was not me" link (POST /auth/not-me).
  '2.5.0': '1932540f0ccb0501',
  // The releases console: /releases (what is live, its history) and its changes (issue 43).
  '2.6.0': 'd468789f71b22d48',
  // Workspaces with members: roles (a workspace, project and link says yours), members, invitations, accepting one; an admin lists a user's workspaces.
  '2.7.0': 'ee516e98cf6289a5',
  // Data rights: e-mail change by a mailed link, export, deletion with a grace (sign-in answers `deletionCancelled`), admins' pending deletions.
  '2.8.0': '57d686555da45ea7',
  // The export carries the account's activity log (`activity`); its workspaces are all it is a member of, with the role.
  '2.9.0': 'c574365e4e26293b',
};

/** Drops what documents rather than constrains (descriptions, examples, titles), keys sorted. */
function constraintsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(constraintsOnly);
  if (typeof value !== 'object' || value === null) return value;
  const kept = Object.entries(value)
    .filter(([key]) => !['description', 'examples', 'title', '$comment'].includes(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, inner]) => [key, constraintsOnly(inner)]);
  return Object.fromEntries(kept);
}

function fingerprint(): string {
  const operations = allEndpoints.map(({ method, path, access, params, querystring, body, response, errors }) => ({
    method,
    path,
    access,
    params,
    querystring,
    body,
    response,
    errors,
  }));
  const schemas = Object.entries(contract)
    .filter(([, value]) => typeof value === 'object' && value !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  const text = JSON.stringify(constraintsOnly({ operations, schemas }));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

describe('the contract version', () => {
  it('changes whenever what clients depend on changes (bump it, and record the new fingerprint here)', () => {
    const now = fingerprint();
    const recorded = FINGERPRINTS[CONTRACT_VERSION];
    expect({ version: CONTRACT_VERSION, fingerprint: now }).toEqual({
      version: CONTRACT_VERSION,
      fingerprint: recorded,
    });
    // Each version has one fingerprint: an older version's is never reused.
    expect(
      Object.entries(FINGERPRINTS)
        .filter(([, print]) => print === now)
        .map(([v]) => v),
    ).toEqual([CONTRACT_VERSION]);
  });

  it('is served from the oldest version the API still answers up to itself', () => {
    expect(semver.valid(CONTRACT_VERSION)).not.toBeNull();
    expect(semver.lte(OLDEST_SERVED_CONTRACT, CONTRACT_VERSION)).toBe(true);
    expect(semver.satisfies(CONTRACT_VERSION, SERVED_CONTRACTS)).toBe(true);
    expect(semver.satisfies(OLDEST_SERVED_CONTRACT, SERVED_CONTRACTS)).toBe(true);
    expect(semver.satisfies(semver.inc(CONTRACT_VERSION, 'minor')!, SERVED_CONTRACTS)).toBe(false);
  });
});
