import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../plugins/auth';
import { errors, IdParams } from '../common/schemas';
import { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from './workspaces.schemas';
import * as ws from './workspaces.service';

const tags = ['workspaces'];
const security = [{ bearerAuth: [] }];

const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireVerified);

  app.get('/workspaces', {
    schema: {
      tags,
      security,
      summary: 'Your own workspaces (whatever your roles)',
      response: { 200: Type.Array(Workspace), ...errors(401, 403) },
    },
    handler: async (request) => ws.listWorkspaces(app, authOf(request).user),
  });
  app.post('/workspaces', {
    schema: {
      summary: 'Create a workspace',
      tags,
      security,
      body: CreateWorkspaceBody,
      response: { 201: Workspace, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await ws.createWorkspace(app, authOf(request).user, request.body)),
  });
  app.get('/workspaces/:id', {
    schema: {
      summary: 'One of your workspaces',
      tags,
      security,
      params: IdParams,
      response: { 200: Workspace, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => ws.getWorkspace(app, authOf(request).user, request.params.id),
  });
  app.patch('/workspaces/:id', {
    schema: {
      summary: 'Rename or describe one of your workspaces',
      tags,
      security,
      params: IdParams,
      body: UpdateWorkspaceBody,
      response: { 200: Workspace, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ws.updateWorkspace(app, authOf(request).user, request.params.id, request.body),
  });
  app.delete('/workspaces/:id', {
    schema: {
      tags,
      security,
      summary: 'Delete with its projects and links',
      params: IdParams,
      response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await ws.deleteWorkspace(app, authOf(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default workspaceRoutes;
