import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { recordActivity } from '../activity/record';
import { signedInSource } from '../activity/source';
import { route } from '../common/route';
import { addPasskey, listPasskeys, removePasskey, renamePasskey, startRegistration } from './passkeys.service';

const { passkeys } = endpoints;

/** The signed-in user's passkeys: only their own are ever listed, renamed or removed. */
const passkeysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, passkeys.listPasskeys, {
    handler: async (request) => ({ items: await listPasskeys(app, authOf(request).user.id) }),
  });

  route(app, passkeys.startPasskeyRegistration, {
    handler: async (request) => startRegistration(app, authOf(request), request.body.currentPassword),
  });

  route(app, passkeys.addPasskey, {
    handler: async (request, reply) => {
      const added = await addPasskey(app, authOf(request), request.body, request.headers['user-agent']);
      const from = signedInSource(request);
      const details = { name: added.name };
      await recordActivity(app, { userId: authOf(request).user.id, kind: 'passkey-added', from, details });
      return reply.code(201).send(added);
    },
  });

  route(app, passkeys.renamePasskey, {
    handler: async (request) =>
      renamePasskey(app, authOf(request).user.id, request.params.passkeyId, request.body.name),
  });

  route(app, passkeys.removePasskey, {
    handler: async (request, reply) => {
      await removePasskey(app, authOf(request), request.params.passkeyId, request.body.currentPassword);
      await recordActivity(app, {
        userId: authOf(request).user.id,
        kind: 'passkey-removed',
        from: signedInSource(request),
      });
      return reply.code(204).send(null);
    },
  });
};

export default passkeysRoutes;
