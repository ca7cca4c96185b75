// The yardstick: Fastify 5 from the same install answering the same JSON from memory, no logging.
// node --import tsx bare-fastify.ts <port> <json file>
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file!, 'utf8');
const app = Fastify({ logger: false });
app.get('/v1/current-user', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
