import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary folder for one test. */
export async function tempDir(prefix = 'kloof-delivery-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";

/**
 * A small folder shaped like a real production build of one app (what rspack emits):
 * mf-manifest.json, a hashed chunk, and the remote entry (remote) or index.html (host).
 * `label` goes into the content, so two builds of one app differ.
 */
export async function fakeBuild(parent: string, app: string, label: string): Promise<string> {
  const dir = path.join(parent, `${app}-${label}`);
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  const isHost = app === 'host';
  const manifest = {
    name: app,
    metaData: { publicPath: isHost ? '/' : 'auto', remoteEntry: { name: isHost ? '' : 'remoteEntry.js', path: '' } },
  };
  await fs.writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  const chunk = `${label
    .padEnd(10, 'a')
    .replace(/[^0-9a-f]/g, 'a')
    .slice(0, 10)}`;
  await fs.writeFile(path.join(dir, `main.${chunk}.js`), `console.log(${JSON.stringify(`${app} ${label}`)});`);
  await fs.writeFile(path.join(dir, 'assets', `logo.${chunk}.svg`), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (isHost) {
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head><body>${label}<script defer src="/main.${chunk}.js"></script></body></html>`,
    );
    await fs.writeFile(path.join(dir, 'sw.js'), `/* service worker ${label} */`);
  } else {
    await fs.writeFile(path.join(dir, 'remoteEntry.js'), `var ${app} = ${JSON.stringify(label)};`);
  }
  return dir;
}
