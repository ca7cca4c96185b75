import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { authOf } from '../../plugins/auth';
import { signedInSource } from '../activity/source';
import { route } from '../common/route';
import { assertFreshProof } from '../fresh-proof/fresh-proof.service';
import { cancelDeletionByAdmin, listPendingDeletions, requestDeletion } from './account-deletion.service';
import { accountActivity, accountSummary, accountWorkspaces } from './account-export';
import { defineDataRightsMails } from './define-data-rights-mails';
import { confirmEmailChange, requestEmailChange } from './email-change.service';
import { exportHtml, exportJson } from './export-formats';

const { dataRights } = endpoints;

/** E-mail change, export and deletion: each asks for a fresh proof first, as other sensitive changes do. */
const dataRightsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  defineDataRightsMails(app);

  route(app, dataRights.requestEmailChange, {
    preHandler: app.rateLimit('password'),
    handler: async (request) => {
      const auth = authOf(request);
      await assertFreshProof(app, auth);
      return requestEmailChange(app, auth.user.id, auth.user.email, request.body.email, signedInSource(request));
    },
  });

  route(app, dataRights.confirmEmailChange, {
    preHandler: app.rateLimit('otp'),
    // Not signed in: the link's opener is told by its address and browser.
    handler: async (request) =>
      confirmEmailChange(app, request.body.token, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  });

  route(app, dataRights.exportMyData, {
    handler: async (request, reply) => {
      const auth = authOf(request);
      await assertFreshProof(app, auth);
      await app.limiter.consume(`export:${auth.user.id}`, app.config.rateLimits.exports);
      const format = request.query.format ?? 'json';
      const exportedAt = app.now().toISOString();
      const summary = await accountSummary(app, auth.user.id);
      const write = format === 'html' ? exportHtml : exportJson;
      const day = exportedAt.slice(0, 10);
      reply
        .header('content-type', format === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="kloof-digital-data-${day}.${format}"`)
        .header('cache-control', 'no-store');
      // A stream goes out as it is (Fastify serializes no stream): AccountExport documents the JSON it carries.
      const parts = [accountWorkspaces(app, auth.user.id), accountActivity(app, auth.user.id)] as const;
      const body = Readable.from(write(exportedAt, summary, ...parts));
      return reply.send(body as never);
    },
  });

  route(app, dataRights.getDeletionPolicy, {
    handler: async () => ({ graceDays: app.config.deletionGraceDays }),
  });

  route(app, dataRights.requestDeletion, {
    preHandler: app.rateLimit('password'),
    handler: async (request) => {
      const auth = authOf(request);
      await assertFreshProof(app, auth);
      return requestDeletion(app, auth.user, request.body.confirm, signedInSource(request));
    },
  });

  route(app, dataRights.listPendingDeletions, {
    handler: async (request) => listPendingDeletions(app, request.query),
  });

  route(app, dataRights.cancelDeletion, {
    handler: async (request, reply) => {
      await cancelDeletionByAdmin(app, request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default dataRightsRoutes;
