/**
 * Every operation of /v1, declared once (see ./define). Plain data: the browser imports this
 * without TypeBox; the server resolves the schema names against the contract.
 */
import { account } from './account';
import { activity } from './activity';
import { auth } from './auth';
import { links, overview, projects, workspaces } from './client-area';
import { workspaceMembers } from './members';
import { dataRights } from './data-rights';
import type { Endpoint } from './define';
import { operations } from './operations';
import { passkeys } from './passkeys';
import { freshProof, securitySettings } from './fresh-proof';
import { contact } from './public-site';
import { releases } from './releases';
import { secondFactor } from './second-factor';
import { sessions } from './sessions';
import { users } from './users';

export const endpoints = {
  auth,
  account,
  users,
  sessions,
  activity,
  secondFactor,
  passkeys,
  freshProof,
  securitySettings,
  dataRights,
  workspaces,
  workspaceMembers,
  projects,
  links,
  overview,
  contact,
  operations,
  releases,
};

/** Every declaration, for whoever needs the whole API (its tests, the OpenAPI checks). */
export const allEndpoints: readonly Endpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group));

export type { OwnedCrud } from './owned-crud';
export {
  pathOf,
  type Access,
  type Endpoint,
  type ErrorStatus,
  type InputArgs,
  type InputOf,
  type OutputOf,
  type SchemaName,
  type SchemaNamed,
  type SuccessStatus,
  type ValueOf,
} from './define';
