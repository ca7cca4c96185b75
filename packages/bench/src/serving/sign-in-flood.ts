#!/usr/bin/env tsx
// tsx sign-in-flood.ts <api url> <connections> <seconds>: wrong sign-ins of made-up accounts, each
// from an address of its own (X-Forwarded-For; the API trusts loopback as its proxy), as a botnet
// sends them, on `connections` keep-alive connections, each sending its next as soon as answered.
// Run in a process of its own by flood.ts; prints how many answers of each status (or error) came.
import { randomInt } from 'node:crypto';
import http from 'node:http';

const [url, connections, seconds] = process.argv.slice(2);
if (!url || !connections || !seconds) throw new Error('usage: sign-in-flood.ts <api url> <connections> <seconds>');

const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const counts: Record<string, number> = {};
const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function signIn(): Promise<void> {
  const body = JSON.stringify({ email: `flood-${randomInt(1e9)}@example.com`, password: 'not the password 1' });
  return new Promise((resolve) => {
    const req = http.request(`${url}/v1/auth/login`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-forwarded-for': address(),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        count(String(res.statusCode));
        resolve();
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      count(err.code ?? 'error');
      resolve();
    });
    req.end(body);
  });
}

const until = Date.now() + Number(seconds) * 1000;
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (Date.now() < until) await signIn();
  }),
);
agent.destroy();
console.log(JSON.stringify({ statuses: counts }));
