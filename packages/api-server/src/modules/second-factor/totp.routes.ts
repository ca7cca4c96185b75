import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { recordActivity } from '../activity/record';
import { signedInSource } from '../activity/source';
import { route } from '../common/route';
import { requireFactorProof, requireFreshProof } from '../fresh-proof/fresh-proof.service';
import { confirmTotp, disableTotp, enrolTotp, regenerateRecoveryCodes, totpStatus } from './totp.service';

const { secondFactor } = endpoints;

/**
 * The signed-in user's authenticator app. Code tries are limited per address here, per account in
 * the service. Adding, removing or renewing a factor needs a fresh proof: with a stolen token
 * alone, nobody can put their own app on the account, take the owner's off or read new codes.
 */
const totpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const freshProof = requireFreshProof(app);

  route(app, secondFactor.getTotp, {
    handler: async (request) => totpStatus(app, authOf(request).user.id),
  });

  route(app, secondFactor.enrolTotp, {
    preHandler: [app.rateLimit('otp'), freshProof],
    handler: async (request) => enrolTotp(app, authOf(request).user),
  });

  route(app, secondFactor.confirmTotp, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      const userId = authOf(request).user.id;
      const confirmed = await confirmTotp(app, userId, request.body.code);
      await recordActivity(app, { userId, kind: 'second-factor-enabled', from: signedInSource(request) });
      return confirmed;
    },
  });

  // Turning it off takes a proof made with a factor (a code, a recovery code or a passkey), not a password.
  route(app, secondFactor.disableTotp, {
    preHandler: requireFactorProof(app),
    handler: async (request, reply) => {
      const userId = authOf(request).user.id;
      await disableTotp(app, userId);
      await recordActivity(app, { userId, kind: 'second-factor-disabled', from: signedInSource(request) });
      return reply.code(204).send(null);
    },
  });

  route(app, secondFactor.regenerateRecoveryCodes, {
    preHandler: freshProof,
    handler: async (request) => {
      const userId = authOf(request).user.id;
      const codes = await regenerateRecoveryCodes(app, userId);
      await recordActivity(app, { userId, kind: 'recovery-codes-renewed', from: signedInSource(request) });
      return codes;
    },
  });
};

export default totpRoutes;
