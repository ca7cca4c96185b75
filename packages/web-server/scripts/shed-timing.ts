// How fast the web server sheds slowloris connections with its default limits: opens SOCKETS slow
// connections (a request line, then a header line every 2 s) RUNS times against a server built
// here, and prints each connection's life from connect to the server's close: median and spread.
// node --import tsx scripts/shed-timing.ts [runs] [sockets] [port]
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '@kloof/release-store/folder';
import { defaultRuntimeConfig } from '../src/runtime-config';
import { distSite } from '../src/site';
import { buildStaticServer } from '../src/static-server';

const [runs = 5, sockets = 2_000, port = 8540] = process.argv.slice(2).map(Number);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const server = await buildStaticServer({ site: distSite(repoRoot), runtimeConfig: defaultRuntimeConfig });
await server.listen({ port, host: '127.0.0.1' });

function slowConnection(i: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.20.${(i % 200) + 1}` });
    let opened = 0;
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 2_000);
    socket.on('connect', () => {
      opened = performance.now();
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      resolve(performance.now() - opened);
    });
  });
}

const medians: number[] = [];
for (let run = 1; run <= runs; run++) {
  const lives = (await Promise.all(Array.from({ length: sockets }, (_, i) => slowConnection(i)))).sort((a, b) => a - b);
  const median = quantile(lives, 0.5);
  medians.push(median);
  console.log(
    `run ${run}: ${sockets} slowloris connections closed by the server after ` +
      `median ${(median / 1000).toFixed(2)} s (min ${(lives[0]! / 1000).toFixed(2)}, p95 ${(quantile(lives, 0.95) / 1000).toFixed(2)}, max ${(lives.at(-1)! / 1000).toFixed(2)})`,
  );
}
medians.sort((a, b) => a - b);
console.log(
  `over ${runs} runs: median of medians ${(quantile(medians, 0.5) / 1000).toFixed(2)} s, spread ${(medians[0]! / 1000).toFixed(2)}-${(medians.at(-1)! / 1000).toFixed(2)} s`,
);
await server.close();
