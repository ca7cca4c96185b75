import Ajv from 'ajv';
import Fastify from 'fastify';
import { ERROR_TEXTS, ErrorResponse, type ApiErrorCode } from '@kloof/api-contract';
import { apiError } from '../lib/http-error';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, PASSWORD } from '../../testing/users';
import errors from './errors';

// Every error answer is the contract's ErrorResponse: a `code` clients decide by, and the message
// people read (the table's exact words where the code has fixed ones).

const isErrorResponse = new Ajv({ strict: false }).compile(ErrorResponse);

describe('an error with a fixed text', () => {
  const codes = Object.keys(ERROR_TEXTS) as (keyof typeof ERROR_TEXTS)[];

  const app = Fastify();
  let url = '';
  beforeAll(async () => {
    await app.register(errors);
    app.get('/:code', async (request) => {
      throw apiError(400, (request.params as { code: keyof typeof ERROR_TEXTS }).code);
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(codes)('%s answers its code and exactly the words of the table', async (code) => {
    const body: unknown = await (await fetch(`${url}/${code}`)).json();
    expect(body).toEqual({ statusCode: 400, code, message: ERROR_TEXTS[code], error: 'Bad Request' });
    expect(isErrorResponse(body)).toBe(true);
  });
});

describe("the API's error answers", () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = (await createUser(s)).accessToken;
  });
  afterAll(async () => {
    await s.close();
  });

  const json = { 'content-type': 'application/json' };
  const cases: ReadonlyArray<{
    what: string;
    request: () => { method: string; url: string; headers?: Record<string, string>; payload?: string };
    status: number;
    code: ApiErrorCode;
  }> = [
    {
      what: 'an unknown route',
      request: () => ({ method: 'GET', url: '/v1/nope' }),
      status: 404,
      code: 'route_not_found',
    },
    {
      what: 'a field its schema refuses',
      request: () => ({ method: 'POST', url: '/v1/auth/login', headers: json, payload: '{}' }),
      status: 400,
      code: 'validation_failed',
    },
    {
      what: 'a body that is not JSON',
      request: () => ({ method: 'POST', url: '/v1/auth/login', headers: json, payload: '{"email":' }),
      status: 400,
      code: 'invalid_body',
    },
    {
      what: 'a body of another type',
      request: () => ({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<x/>',
      }),
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      what: 'a body over the limit',
      request: () => ({ method: 'POST', url: '/v1/contact', headers: json, payload: `"${'x'.repeat(300 * 1024)}"` }),
      status: 413,
      code: 'body_too_large',
    },
    {
      what: 'a path that is not percent-encoded UTF-8',
      request: () => ({ method: 'GET', url: '/v1/users/%ED%A0%80' }),
      status: 400,
      code: 'bad_request',
    },
    {
      what: 'no access token',
      request: () => ({ method: 'GET', url: '/v1/current-user' }),
      status: 401,
      code: 'unauthorized',
    },
    {
      what: 'a wrong password',
      request: () => ({
        method: 'POST',
        url: '/v1/auth/login',
        headers: json,
        payload: JSON.stringify({ email: 'nobody@example.com', password: PASSWORD }),
      }),
      status: 401,
      code: 'invalid_credentials',
    },
    {
      what: 'a cursor the list did not hand out',
      request: () => ({
        method: 'GET',
        url: '/v1/workspaces?after=abc',
        headers: { authorization: `Bearer ${token}` },
      }),
      status: 400,
      code: 'invalid_cursor',
    },
    {
      what: 'a resource that is not there',
      request: () => ({
        method: 'GET',
        url: '/v1/workspaces/00000000-0000-4000-8000-000000000000',
        headers: { authorization: `Bearer ${token}` },
      }),
      status: 404,
      code: 'not_found',
    },
  ];

  it.each(cases)('$what: $status with code $code, in the shape of ErrorResponse', async ({ request, status, code }) => {
    const { method, url, headers, payload } = request();
    const res = await fetch(s.url + url, { method, headers, body: payload });
    const body = (await res.json()) as { code: string; message: string };
    expect([res.status, body.code]).toEqual([status, code]);
    expect(isErrorResponse(body)).toBe(true);
    if (code in ERROR_TEXTS) expect(body.message).toBe(ERROR_TEXTS[code as keyof typeof ERROR_TEXTS]);
  });
});
