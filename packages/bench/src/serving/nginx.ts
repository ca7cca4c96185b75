import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Debian's nginx (and its brotli_static module), installed with apt when missing. */
export function ensureNginx(): { brotliStatic: boolean } {
  const install = (pkg: string) => spawnSync('apt-get', ['install', '-y', pkg], { stdio: 'ignore' }).status === 0;
  if (!fs.existsSync(NGINX) && !install('nginx')) throw new Error('nginx is missing and apt-get could not install it');
  if (!fs.existsSync(BROTLI_STATIC)) install('libnginx-mod-http-brotli-static');
  return { brotliStatic: fs.existsSync(BROTLI_STATIC) };
}

/**
 * nginx serving the same released files as the product (the yardstick): `/` is the prerendered
 * page, everything else the live host's folder; the .gz/.br copies the release wrote go out as
 * they are (gzip_static, brotli_static), sendfile on, no logging.
 */
export async function startNginx(options: {
  port: number;
  hostDir: string;
  /** The prerendered page of `/`: its folder and its file name in it. */
  homePage: { dir: string; file: string };
  work: string;
}): Promise<{ stop(): void; brotliStatic: boolean }> {
  const { brotliStatic } = ensureNginx();
  const conf = path.join(options.work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${brotliStatic ? `load_module ${BROTLI_STATIC};\n` : ''}user root;
worker_processes auto;
daemon off;
pid ${options.work}/nginx.pid;
error_log ${options.work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${options.work}/body;
  proxy_temp_path ${options.work}/proxy;
  fastcgi_temp_path ${options.work}/fastcgi;
  uwsgi_temp_path ${options.work}/uwsgi;
  scgi_temp_path ${options.work}/scgi;
  types { text/html html; text/javascript js; application/json json; text/css css; }
  gzip_static on;
  ${brotliStatic ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${options.port};
    root ${options.hostDir};
    location = / { root ${options.homePage.dir}; try_files /${options.homePage.file} =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf], { stdio: 'ignore', detached: true });
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${options.port}/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) {
      if (child.pid) process.kill(-child.pid, 'SIGQUIT');
      throw new Error(`nginx did not answer / on ${options.port}; see ${options.work}/error.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    brotliStatic,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGQUIT');
    },
  };
}
