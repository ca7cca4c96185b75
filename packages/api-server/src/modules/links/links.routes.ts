import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../plugins/auth';
import { errors, IdParams } from '../common/schemas';
import { CreateLinkBody, LinkListQuery, Link, UpdateLinkBody } from './links.schemas';
import * as links from './links.service';

const tags = ['links'];
const security = [{ bearerAuth: [] }];

const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireVerified);

  app.get('/links', {
    schema: {
      summary: 'Your own links, optionally of one workspace or project',
      tags,
      security,
      querystring: LinkListQuery,
      response: { 200: Type.Array(Link), ...errors(400, 401, 403) },
    },
    handler: async (request) => links.listLinks(app, authOf(request).user, request.query),
  });
  app.post('/links', {
    schema: {
      summary: 'Add a link',
      tags,
      security,
      body: CreateLinkBody,
      response: { 201: Link, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await links.createLink(app, authOf(request).user, request.body)),
  });
  app.get('/links/:id', {
    schema: {
      summary: 'One of your links',
      tags,
      security,
      params: IdParams,
      response: { 200: Link, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => links.toLinkDto(await links.findLink(app, authOf(request).user, request.params.id)),
  });
  app.patch('/links/:id', {
    schema: {
      summary: 'Change one of your links',
      tags,
      security,
      params: IdParams,
      body: UpdateLinkBody,
      response: { 200: Link, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => links.updateLink(app, authOf(request).user, request.params.id, request.body),
  });
  app.delete('/links/:id', {
    schema: {
      summary: 'Delete one of your links',
      tags,
      security,
      params: IdParams,
      response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await links.deleteLink(app, authOf(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default linkRoutes;
