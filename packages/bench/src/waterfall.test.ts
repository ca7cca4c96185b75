import { describe, expect, it } from '@jest/globals';
import { chainStep, drawWaterfall } from './waterfall';

const page = 'http://localhost:8540/dashboard';

describe('chainStep', () => {
  it('names each link of the start-up chain', () => {
    expect(chainStep(page, page)).toBe('document');
    expect(chainStep('http://localhost:8540/config.json', page)).toBe('config');
    expect(chainStep('http://localhost:8540/registry.json?t=1', page)).toBe('registry');
    expect(chainStep('http://localhost:8540/remotes/clientArea/1.4.0/remoteEntry.3fa1.js', page)).toBe('remote entry');
    expect(chainStep('http://localhost:8540/remotes/clientArea/1.4.0/814.c2d1.js', page)).toBe('script');
    expect(chainStep('http://localhost:8540/v1/current-user', page)).toBe('session');
    expect(chainStep('http://localhost:8540/v1/dashboard', page)).toBe('data');
    expect(chainStep('http://localhost:8540/v1/workspaces?limit=5', page)).toBe('data');
    expect(chainStep('http://localhost:8540/favicon.svg', page)).toBe('other');
  });
});

describe('drawWaterfall', () => {
  const requests = [
    { url: 'http://localhost:8540/config.json', startMs: 500, endMs: 1000 },
    { url: page, startMs: 0, endMs: 500 },
    { url: 'http://localhost:8540/v1/current-user', startMs: 1000, endMs: 1500 },
  ];

  it('draws a line per request in the order they started, bars scaled to the whole load', () => {
    const lines = drawWaterfall(requests, page, 2000, 20);
    const bars = lines.map((line) => line.slice(line.indexOf('|') + 1, line.lastIndexOf('|')));
    expect(bars).toEqual([
      '0 s           2.00 s',
      '█████               ',
      '     █████          ',
      '          █████     ',
      '                   ▏',
    ]);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(0, 4))).toEqual([
      ['document', '/dashboard', '0', '500'],
      ['config', '/config.json', '500', '1000'],
      ['session', '/v1/current-user', '1000', '1500'],
      ['done', 'heading', 'in', '<main>,'],
    ]);
  });

  it('gives a request of no length (answered from a cache) one mark, so every request shows', () => {
    const lines = drawWaterfall([{ url: page, startMs: 5000, endMs: 5000 }], page, 10_000, 20);
    expect(lines[1]).toContain('|          █         |');
  });

  it('spans the last request when it ends after the page was done', () => {
    const lines = drawWaterfall([{ url: page, startMs: 0, endMs: 4000 }], page, 1000, 8);
    expect(lines[0]).toContain('4.00 s');
    expect(lines[1]).toContain('|████████|');
    expect(lines[2]).toContain('|  ▏     |');
  });
});
