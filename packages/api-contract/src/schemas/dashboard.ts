import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { PROJECT_STATUSES, type ProjectStatus } from '../constants';
import { Link } from './links';

/** One count per project status, every status present. */
const countPerStatus = Object.fromEntries(PROJECT_STATUSES.map((status) => [status, Type.Integer()])) as Record<
  ProjectStatus,
  TInteger
>;

export const Dashboard = Type.Object({
  workspaces: Type.Integer(),
  projectsByStatus: Type.Object(countPerStatus),
  recentLinks: Type.Array(Link),
});
export type Dashboard = Static<typeof Dashboard>;
