import type { FastifySchema } from 'fastify';

/**
 * What the OpenAPI document says of every operation that its route does not say itself: an
 * operationId from the method and path (a client generator's method name: `GET /v1/workspaces/:id`
 * -> `getWorkspacesById`), and `security: []` for a route that states none, i.e. a public one
 * (the docs test checks that every operation stated public answers without a token, and every
 * bearer one refuses without).
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_]/)));
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

export function withOperationDefaults<T extends FastifySchema>(schema: T, method: string, url: string): T {
  const stated = schema as T & { operationId?: string };
  return {
    ...schema,
    operationId: stated.operationId ?? operationId(method, url),
    security: schema.security ?? [],
  };
}
