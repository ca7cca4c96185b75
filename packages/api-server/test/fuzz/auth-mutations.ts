import fc from 'fast-check';
import type { Draft, FuzzContext, Mutation } from './draft';
import type { Operation } from './openapi';

// Mutations of the credentials (operations that declare a bearer token).

function forgedJwt(token: string): string {
  const [, payload] = token.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${payload}.`;
}

export function authMutations(op: Operation, base: Draft, ctx: FuzzContext): Mutation[] {
  if (!op.secured) return [];
  const token = ctx.tokens.superAdmin;
  const flip = (t: string, at: number) => t.slice(0, at) + (t[at] === 'A' ? 'B' : 'A') + t.slice(at + 1);
  const dot = token.indexOf('.');
  const headers: (string | null)[] = [
    null,
    'Bearer',
    'Bearer ',
    'Basic ZnV6ejpmdXp6',
    `Token ${token}`,
    `Bearer ${token} ${token}`,
    `Bearer ${flip(token, token.length - 10)}`,
    `Bearer ${flip(token, dot + 5)}`,
    `Bearer ${token}x`,
    `Bearer ${forgedJwt(token)}`,
    'Bearer a.b.c',
    `Bearer ${'x'.repeat(8_000)}`,
  ];
  return [
    fc.constantFrom(...headers).map((authorization) => ({
      ...base,
      authorization,
      mutation: `auth: ${authorization === null ? 'none' : authorization.slice(0, 24)}`,
      names: ['Authorization'],
    })),
  ];
}
