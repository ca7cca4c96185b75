import http from 'node:http';
import { STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import { API_ERROR_CODES } from '@kloof/api-contract/constants';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser } from '../../testing/users';
import { dataFingerprint } from './data-fingerprint';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi';
import { badRequests, type FuzzContext, type FuzzRequest } from './requests';
import { send, type FuzzResponse } from './send';

/*
 * Every route of the API's own OpenAPI document (read from the running server, so routes added
 * later are fuzzed too) gets generated bad requests, anonymously and with the tokens of a client,
 * an Admin and a SuperAdmin: no 5xx, a 4xx with `{ statusCode, code, message, error }` whose message
 * names what was wrong, and no row of any data table written.
 *
 * Reproduce a run: FUZZ_SEED=<seed printed on failure>; FUZZ_RUNS changes the count (default 12000).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 8;
const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

jest.setTimeout(scaled(240_000));

let s: TestServer;
let operations: Operation[];
let ctx: FuzzContext;

beforeAll(async () => {
  s = await startTestServer();
  const client = await createUser(s);
  const admin = await createUser(s, { roles: ['Admin'] });
  const superAdmin = await createUser(s, { roles: ['SuperAdmin'] });
  const token = client.accessToken;
  const workspace = await s.api('POST', '/v1/workspaces', { token, body: { name: 'Fuzz' } });
  const project = await s.api('POST', '/v1/projects', { token, body: { workspaceId: workspace.body.id, name: 'P' } });
  const link = await s.api('POST', '/v1/links', {
    token,
    body: { workspaceId: workspace.body.id, projectId: project.body.id, title: 'L', url: 'https://example.com' },
  });
  ctx = {
    tokens: { client: token, admin: admin.accessToken, superAdmin: superAdmin.accessToken },
    ids: { workspaces: workspace.body.id, projects: project.body.id, links: link.body.id, users: client.id },
  };
  const doc = await s.api<OpenApiDocument>('GET', '/docs/json');
  operations = operationsOf(doc.body);
});
afterAll(async () => {
  await s?.close();
});

interface Failure {
  index: number;
  request: FuzzRequest;
  response: FuzzResponse | undefined;
  problem: string;
}

/** What is wrong with the answer to a bad request, or undefined when it is right. */
function problemWith(request: FuzzRequest, res: FuzzResponse): string | undefined {
  if (res.status < 400 || res.status >= 500) return `status ${res.status}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    return 'body is not JSON';
  }
  if (body.statusCode !== res.status) return 'statusCode differs from the status';
  if (body.error !== STATUS_CODES[res.status]) return `error is not "${STATUS_CODES[res.status]}"`;
  if (!(API_ERROR_CODES as readonly unknown[]).includes(body.code))
    return `code ${String(body.code)} is not the contract's`;
  const message = body.message;
  if (typeof message !== 'string' || message.length === 0) return 'no message';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(message) || /\p{Cs}/u.test(message)) return 'message carries control text';
  if (message.length > 300) return `message of ${message.length} characters`;
  const extra = Object.keys(body).filter((k) => !['statusCode', 'code', 'message', 'error', 'feedback'].includes(k));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  if (res.status === 400 && !request.names.some((name) => message.includes(name))) {
    return `message does not name ${request.names.join(' or ')}`;
  }
  return undefined;
}

const show = (f: Failure) =>
  [
    `#${f.index} ${f.problem}: ${f.request.operation} as ${f.request.identity}, ${f.request.mutation}`,
    `  ${f.request.method} ${JSON.stringify(f.request.path.slice(0, 200))}`,
    f.request.payload ? `  body ${JSON.stringify(f.request.payload().toString('utf8').slice(0, 200))}` : '',
    `  -> ${f.response ? `${f.response.status} ${f.response.text.slice(0, 200)}` : 'no answer'}`,
  ]
    .filter(Boolean)
    .join('\n');

it(`answers ${RUNS} generated bad requests to every route with a clear 4xx and writes nothing (${DATABASE})`, async () => {
  expect(operations.length).toBeGreaterThan(20);
  const requests = fc.sample(badRequests(operations, ctx), { seed: SEED, numRuns: RUNS });
  const before = await dataFingerprint(s.app.db);

  const started = performance.now();
  const cpu = process.cpuUsage();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const seen = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] as FuzzRequest;
      seen.add(request.operation);
      let response: FuzzResponse | undefined;
      let problem: string | undefined;
      try {
        response = await send(s.url, agent, request, scaled(15_000));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        problem = problemWith(request, response);
      } catch (err) {
        problem = `no answer (${(err as Error).message})`;
      }
      if (problem) failures.push({ index, request, response, problem });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;

  const count = (from: number, to: number) =>
    [...statuses].filter(([status]) => status >= from && status < to).reduce((n, [, k]) => n + k, 0);
  console.log(
    `api fuzz on ${DATABASE}: ${requests.length} requests to ${seen.size} operations in ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), ` +
      `4xx ${count(400, 500)}, 5xx ${count(500, 600)}, other ${count(0, 400)}, ` +
      `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, seed ${SEED}`,
  );
  if (failures.length) {
    const classes = new Map<string, number>();
    for (const f of failures) {
      const key = `${f.problem.replace(/\d{3}$/, (status) => `${status[0]}xx`)} <- ${f.request.mutation.split(':')[0]}`;
      classes.set(key, (classes.get(key) ?? 0) + 1);
    }
    throw new Error(
      `${failures.length} of ${requests.length} bad requests were answered wrongly ` +
        `(${[...classes].map(([k, n]) => `${n}x ${k}`).join('; ')}) ` +
        `(reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${failures
          .sort((a, b) => Number(b.problem.startsWith('status')) - Number(a.problem.startsWith('status')))
          .slice(0, 15)
          .map(show)
          .join('\n')}`,
    );
  }
  expect(seen).toEqual(new Set(operations.map((op) => op.id)));
  expect(await dataFingerprint(s.app.db)).toEqual(before);
});
