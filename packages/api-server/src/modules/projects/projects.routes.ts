import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../plugins/auth';
import { errors, IdParams } from '../common/schemas';
import { CreateProjectBody, ProjectListQuery, Project, UpdateProjectBody } from './projects.schemas';
import * as projects from './projects.service';

const tags = ['projects'];
const security = [{ bearerAuth: [] }];

const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireVerified);

  app.get('/projects', {
    schema: {
      summary: 'Your own projects, optionally of one workspace',
      tags,
      security,
      querystring: ProjectListQuery,
      response: { 200: Type.Array(Project), ...errors(400, 401, 403) },
    },
    handler: async (request) => projects.listProjects(app, authOf(request).user, request.query.workspaceId),
  });
  app.post('/projects', {
    schema: {
      summary: 'Create a project in one of your workspaces',
      tags,
      security,
      body: CreateProjectBody,
      response: { 201: Project, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await projects.createProject(app, authOf(request).user, request.body)),
  });
  app.get('/projects/:id', {
    schema: {
      summary: 'One of your projects',
      tags,
      security,
      params: IdParams,
      response: { 200: Project, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      projects.toProjectDto(await projects.findProject(app, authOf(request).user, request.params.id)),
  });
  app.patch('/projects/:id', {
    schema: {
      summary: 'Change one of your projects',
      tags,
      security,
      params: IdParams,
      body: UpdateProjectBody,
      response: { 200: Project, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => projects.updateProject(app, authOf(request).user, request.params.id, request.body),
  });
  app.delete('/projects/:id', {
    schema: {
      summary: 'Delete one of your projects',
      tags,
      security,
      params: IdParams,
      response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await projects.deleteProject(app, authOf(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  });
};

export default projectRoutes;
