import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { releasesLayout, type ReleasesLayout } from './layout';
import { readRegistryFile } from './registry-file';

let layout: ReleasesLayout;
beforeEach(() => {
  layout = releasesLayout(fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-registry-file-')));
});
afterEach(() => fs.rmSync(layout.root, { recursive: true, force: true }));

const release = { version: 'v1', releasedAt: '2026-11-29T07:00:00.000Z', releasedBy: 'ops' };

describe("reading a releases folder's registry.json", () => {
  it('is the empty registry before the first release', async () => {
    await expect(readRegistryFile(layout)).resolves.toEqual({ format: 2, apps: {} });
  });

  it('is the document as written', async () => {
    const registry = { format: 2, apps: { auth: { origin: '', stable: release, canary: null, previous: null } } };
    fs.writeFileSync(layout.registryFile, JSON.stringify(registry));
    await expect(readRegistryFile(layout)).resolves.toEqual(registry);
  });

  it('names the file and the field at fault when the document is not a registry, and leaves the file as it is', async () => {
    const text = JSON.stringify({ format: 2, apps: { auth: { origin: '', stable: release, previous: null } } });
    fs.writeFileSync(layout.registryFile, text);
    await expect(readRegistryFile(layout)).rejects.toThrow(
      `${layout.registryFile} is not a release registry (format 2): apps.auth.canary must be an object or null.`,
    );
    expect(fs.readFileSync(layout.registryFile, 'utf8')).toBe(text);
  });

  it('names the file when it is not JSON (a write cut short)', async () => {
    fs.writeFileSync(layout.registryFile, '{"format": 2, "apps": {');
    await expect(readRegistryFile(layout)).rejects.toThrow(new RegExp(`^${layout.registryFile} is not JSON: `));
  });
});
