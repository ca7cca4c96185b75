import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { readPackageVersion } from '../config/paths';

/**
 * OpenAPI 3 document built from the route schemas, which the routes take from the contract's
 * endpoint declarations (operationId, summary, security); docs page at /docs, JSON at /docs/json.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Kloof Digital API',
          description: 'Auth, account, client area (workspaces, projects, links), admin and contact endpoints.',
          version: readPackageVersion(),
          license: { name: 'Proprietary' },
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // The docs page keeps swagger-ui's own script/style allowances but stays unframeable and
      // does not force https (it is also served on plain-http localhost).
      transformStaticCSP: (header: string) =>
        header
          .replace(/frame-ancestors [^;]*;?/, "frame-ancestors 'none';")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
