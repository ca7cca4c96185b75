// The yardstick: Fastify 5 from the same install answering the same JSON from memory, no logging.
// node --import tsx bare-fastify.ts <port> <json file>          GET /v1/current-user answers the file
// node --import tsx bare-fastify.ts <port> --answers <map.json>  each URL (path and query) of the map answers its file
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file, map] = process.argv.slice(2);
const files: Record<string, string> =
  file === '--answers'
    ? (JSON.parse(fs.readFileSync(map!, 'utf8')) as Record<string, string>)
    : { '/v1/current-user': file! };
const bodies = new Map(Object.entries(files).map(([url, path]) => [url, fs.readFileSync(path, 'utf8')]));
const app = Fastify({ logger: false });
app.get('/*', async (request, reply) => {
  const body = bodies.get(request.url);
  if (body === undefined) return reply.code(404).send({ message: 'not an answer of this yardstick' });
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
