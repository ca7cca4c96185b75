import type { SecuritySettings } from '@kloof/api-contract';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { isAdmin } from '../../lib/roles';
import { hasSecondFactor } from '../second-factor/has-second-factor';

/** The row of the rule "Admin and SuperAdmin accounts need a second factor" in app_settings. */
export const REQUIRE_SECOND_FACTOR = 'require_second_factor_for_admins';

/** The rules as stored; a rule never set is off. */
export async function readSecuritySettings(app: FastifyInstance): Promise<SecuritySettings> {
  const row = await app.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', REQUIRE_SECOND_FACTOR)
    .executeTakeFirst();
  return { requireSecondFactorForAdmins: row?.value === true };
}

/** Whether the rule keeps this Admin or SuperAdmin out of the admin routes until they enrol. */
export async function lacksRequiredSecondFactor(app: FastifyInstance, user: UserRow): Promise<boolean> {
  if (!isAdmin(user.roles)) return false;
  if (!(await readSecuritySettings(app)).requireSecondFactorForAdmins) return false;
  return !(await hasSecondFactor(app, user.id));
}
