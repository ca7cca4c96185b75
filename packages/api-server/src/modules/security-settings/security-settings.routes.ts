import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { updateSecuritySettings } from './security-settings.service';
import { readSecuritySettings } from './security-settings.store';

const { securitySettings } = endpoints;

/** Site-wide account-security rules: every admin reads them, a SuperAdmin with a fresh proof changes them. */
const securitySettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, securitySettings.getSecuritySettings, {
    handler: async () => readSecuritySettings(app),
  });

  route(app, securitySettings.updateSecuritySettings, {
    handler: async (request) => updateSecuritySettings(app, authOf(request), request.body),
  });
};

export default securitySettingsRoutes;
