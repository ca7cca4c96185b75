import { afterEach, describe, expect, it } from '@jest/globals';
import { BOOT_DATA_ID, inlineBootData } from './inline-boot';

function pageWith(json: string): void {
  document.getElementById(BOOT_DATA_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_DATA_ID;
  script.textContent = json;
  document.head.append(script);
}

afterEach(() => document.getElementById(BOOT_DATA_ID)?.remove());

describe('the boot data the web server puts in the page', () => {
  it('gives the runtime config and the registry the page carries', () => {
    pageWith('{"config":{"apiHost":"","registryUrl":"/registry.json"},"registry":{"format":1,"apps":{}}}');
    expect(inlineBootData()).toEqual({
      config: { apiHost: '', registryUrl: '/registry.json' },
      registry: { format: 1, apps: {} },
    });
  });

  it('gives the config alone when the registry lives elsewhere (the host fetches it)', () => {
    pageWith(
      '{"config":{"apiHost":"https://api.example.test","registryUrl":"https://cdn.example.test/registry.json"}}',
    );
    expect(inlineBootData()).toEqual({
      config: { apiHost: 'https://api.example.test', registryUrl: 'https://cdn.example.test/registry.json' },
    });
  });

  it('is absent from a page without it (another server, an older web server): both files are fetched', () => {
    expect(inlineBootData()).toBeUndefined();
  });

  it('is taken as absent when it does not read as boot data', () => {
    for (const broken of ['{"config":', '{"config":{"apiHost":42}}', '[]']) {
      pageWith(broken);
      expect(inlineBootData()).toBeUndefined();
    }
  });
});
