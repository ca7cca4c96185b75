// One prerender, in a process of its own: the host's server build and the federation runtime keep
// module-level state (loaded remotes, shared singletons), so every render starts clean.
//
//   node render-process.mjs <job.json>
//
// job.json: { hostServerMain, remote, remoteServerDirs: { name: dir }, indexHtml, origin, outDir }.
// Each remote's server build is served over HTTP on a loopback port and loaded through the Node
// runtime, exactly as the runtime loads a remote published on a CDN. Writes <outDir>/<file> per
// page and <outDir>/pages.json (path, file, status).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * @typedef {{ hostServerMain: string, remote: string, remoteServerDirs: Record<string, string>, indexHtml: string, origin: string, outDir: string }} Job
 * @typedef {{ path: string, file: string, status: number, html: string }} Page
 */

/** @type {Job} */
const job = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8'));

/**
 * A read-only file server of one folder on 127.0.0.1, for the duration of the render.
 * @param {string} root
 * @returns {Promise<http.Server>}
 */
function serveFolder(root) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, rel);
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** @type {http.Server[]} */
const servers = [];
try {
  /** @type {Record<string, string>} */
  const serverRemotes = {};
  for (const [name, dir] of Object.entries(job.remoteServerDirs)) {
    const server = await serveFolder(path.resolve(dir));
    servers.push(server);
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    serverRemotes[name] = `http://127.0.0.1:${address.port}/remoteEntry.js`;
  }
  const { prerenderPublicPages } = createRequire(import.meta.url)(job.hostServerMain);
  /** @type {Page[]} */
  const pages = await prerenderPublicPages({
    indexHtml: job.indexHtml,
    serverRemotes,
    origin: job.origin,
    remote: job.remote,
  });
  for (const page of pages) {
    const file = path.join(job.outDir, page.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page.html);
  }
  const list = pages.map(({ path: pagePath, file, status }) => ({ path: pagePath, file, status }));
  fs.writeFileSync(path.join(job.outDir, 'pages.json'), `${JSON.stringify(list, null, 2)}\n`);
} finally {
  for (const server of servers) server.close();
}
