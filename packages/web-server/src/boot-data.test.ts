import { describe, expect, it } from '@jest/globals';
import { BOOT_DATA_ID, withBootData } from './boot-data';
import { inlineScriptHashes } from './inline-scripts';

const shell = [
  '<html><head>',
  '    <link rel="preload" href="/config.json" as="fetch" crossorigin />',
  '    <link rel="preload" href="/registry.json" as="fetch" crossorigin />',
  '    <script>theme()</script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const config = { apiHost: '', registryUrl: '/registry.json' };
const registry = '{"format":1,"apps":{"marketing":{"stable":{"version":"v1"}}}}';

/** The JSON the page carries, read back as the host reads it. */
function bootOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('the page carries what the host needs to choose versions', () => {
  it('puts the runtime config and the registry in the head, and drops their preloads', () => {
    const html = withBootData(shell, config, registry);
    expect(bootOf(html)).toEqual({ config, registry: JSON.parse(registry) });
    expect(html).not.toContain('href="/config.json"');
    expect(html).not.toContain('href="/registry.json"');
    expect(html.indexOf(BOOT_DATA_ID)).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the CSP as it is: the data block is no script to hash', () => {
    expect(inlineScriptHashes(shell)).toHaveLength(1);
    expect(withBootData(shell, config, registry)).toContain('<script>theme()</script>');
  });

  it('cannot be ended early by a registry value holding </script>', () => {
    const hostile = '{"format":1,"apps":{"x":{"origin":"</script><script>alert(1)</script>"}}}';
    const html = withBootData(shell, config, hostile);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(bootOf(html)).toEqual({ config, registry: JSON.parse(hostile) });
  });

  it("carries the config alone when the registry is another server's or not JSON, keeping its preload", () => {
    const elsewhere = { apiHost: '', registryUrl: 'https://cdn.example.test/registry.json' };
    expect(bootOf(withBootData(shell, elsewhere, registry))).toEqual({ config: elsewhere });
    const broken = withBootData(shell, config, '{"format":');
    expect(bootOf(broken)).toEqual({ config });
    expect(broken).toContain('href="/registry.json"');
    expect(broken).not.toContain('href="/config.json"');
  });
});
