// One attacker process of the slowloris spec: opens its share of connections to the web server,
// each sending a request line and then a header line now and then, never the end of the headers.
// Its parent gets counts over IPC. Run with `node --import tsx` (a child has its own open-file limit).
import net from 'node:net';

const [port, count, firstAddress, addresses, trickleMs] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
  number,
  number,
];

/** Sockets connect in batches, each after the one before settled: the listen backlog is not the test. */
const BATCH = 250;

const counts = { connected: 0, settled: 0, closed: 0 };
const open = new Set<net.Socket>();

/** The i-th loopback source address of this child's range (127.0.<n>.<m>), so no one address holds many. */
const sourceAddress = (i: number) => {
  const n = firstAddress + (i % addresses);
  return `127.0.${Math.floor(n / 250) + 10}.${(n % 250) + 1}`;
};

function connectOne(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: sourceAddress(i) });
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      counts.settled += 1;
      resolve();
    };
    socket.on('connect', () => {
      counts.connected += 1;
      open.add(socket);
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      settle();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (open.delete(socket)) counts.closed += 1;
      settle();
    });
  });
}

const report = () => process.send?.({ ...counts, open: open.size });
const reporting = setInterval(report, 100);
const trickle = setInterval(() => {
  for (const socket of open) if (socket.writable) socket.write('X-Slow: 1\r\n');
}, trickleMs);

// The spec's runner gone (killed, timed out): nothing is left holding sockets.
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(reporting);
  clearInterval(trickle);
  for (const socket of open) socket.destroy();
  report();
  process.disconnect?.();
});

for (let i = 0; i < count; i += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => connectOne(i + j)));
}
report();
