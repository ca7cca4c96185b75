// The floor of a proxy in Node: Node's http server piping each request into an undici Pool, with
// nothing judged (no security headers, no routing, no failover). In front of bare Fastify it is
// what any Node proxy on these cores must lose, beside which the web server's loss is read.
// node --import tsx minimal-proxy.ts <port> <upstream origin>
import http from 'node:http';
import { Pool } from 'undici';

const [port, upstream] = process.argv.slice(2);
const pool = new Pool(upstream!, { connections: 128 });
const server = http.createServer((request, response) => {
  const headers: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'connection' && name !== 'host') headers[name] = value;
  }
  headers['x-forwarded-for'] = request.socket.remoteAddress;
  pool.stream(
    { path: request.url!, method: request.method as 'GET', headers },
    ({ statusCode, headers: answer }) => {
      response.writeHead(statusCode, answer as http.OutgoingHttpHeaders);
      return response;
    },
    (error) => {
      if (error && !response.headersSent) response.writeHead(502).end();
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
