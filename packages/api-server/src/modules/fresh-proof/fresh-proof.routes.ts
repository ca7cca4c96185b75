import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { route } from '../common/route';
import { prove } from './fresh-proof.service';
import { startPasskeyProof } from './passkey-proof';

/** Step-up: tries counted per address like sign-ins here, per account by each kind's checker. */
const freshProofRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.freshProof.proveIdentity, {
    preHandler: app.rateLimit('login'),
    handler: async (request) => prove(app, authOf(request), request.body),
  });

  route(app, endpoints.freshProof.startPasskeyProof, {
    preHandler: app.rateLimit('login'),
    handler: async (request) => startPasskeyProof(app, authOf(request)),
  });
};

export default freshProofRoutes;
