import type { SecuritySettings } from '@kloof/api-contract';
import type { FastifyInstance } from 'fastify';
import { jsonb } from '../../db/json';
import { conflict, forbidden } from '../../lib/http-error';
import type { AuthContext } from '../../types';
import { assertFreshProof } from '../fresh-proof/fresh-proof.service';
import { hasSecondFactor } from '../second-factor/has-second-factor';
import { readSecuritySettings, REQUIRE_SECOND_FACTOR } from './security-settings.store';

export const SECURITY_SETTINGS_ERRORS = {
  superAdminOnly: 'Only a SuperAdmin can change the security settings',
  ownSecondFactorFirst: 'Set up a second factor on your own account before requiring one for every admin.',
};

/**
 * A SuperAdmin changes the rules with a fresh proof. Turning the requirement on needs a second
 * factor on their own account first, so the one who sets it is never the one it locks out.
 */
export async function updateSecuritySettings(
  app: FastifyInstance,
  auth: AuthContext,
  changes: SecuritySettings,
): Promise<SecuritySettings> {
  if (!auth.user.roles.includes('SuperAdmin')) throw forbidden(SECURITY_SETTINGS_ERRORS.superAdminOnly);
  await assertFreshProof(app, auth);
  if (changes.requireSecondFactorForAdmins && !(await hasSecondFactor(app, auth.user.id)))
    throw conflict(SECURITY_SETTINGS_ERRORS.ownSecondFactorFirst);
  const value = jsonb(changes.requireSecondFactorForAdmins);
  await app.db
    .insertInto('app_settings')
    .values({ key: REQUIRE_SECOND_FACTOR, value, updated_at: app.now(), updated_by: auth.user.id })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: app.now(), updated_by: auth.user.id }))
    .execute();
  return readSecuritySettings(app);
}
