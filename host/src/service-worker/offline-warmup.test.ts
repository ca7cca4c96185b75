import { describe, expect, it, jest } from '@jest/globals';
import { postLoadedBeforeControl, type WarmupEnv } from './offline-warmup';

describe('telling a new worker what the first visit loaded', () => {
  it('posts the page and every file loaded before the worker took control, once each', () => {
    const post = jest.fn<WarmupEnv['post']>();
    const count = postLoadedBeforeControl({
      pageUrl: 'https://kloof.example/pricing',
      now: () => 500,
      pinned: () => ({ 'https://kloof.example/remotes/marketing/v1/153.48fccead0a.js': 'sha384-chunk' }),
      loaded: () => [
        { name: 'https://kloof.example/config.json', startTime: 10 },
        { name: 'https://kloof.example/registry.json', startTime: 10 },
        { name: 'https://kloof.example/remotes/marketing/v1/mf-manifest.json', startTime: 120 },
        { name: 'https://kloof.example/remotes/marketing/v1/remoteEntry.js', startTime: 130 },
        { name: 'https://kloof.example/remotes/marketing/v1/153.48fccead0a.js', startTime: 140 },
        { name: 'https://kloof.example/registry.json', startTime: 10 },
        // Went through the worker already: no need to fetch it again.
        { name: 'https://kloof.example/remotes/auth/v1/mf-manifest.json', startTime: 900 },
        { name: 'data:image/svg+xml,abc', startTime: 20 },
        // The page's own fetches to paths without an extension are not pages to keep as HTML.
        { name: 'https://kloof.example/telemetry-token', startTime: 30 },
      ],
      post,
    });
    expect(count).toBe(6);
    expect(post).toHaveBeenCalledWith({
      type: 'CACHE_LOADED',
      urls: [
        'https://kloof.example/pricing',
        'https://kloof.example/config.json',
        'https://kloof.example/registry.json',
        'https://kloof.example/remotes/marketing/v1/mf-manifest.json',
        'https://kloof.example/remotes/marketing/v1/remoteEntry.js',
        'https://kloof.example/remotes/marketing/v1/153.48fccead0a.js',
      ],
      integrity: { 'https://kloof.example/remotes/marketing/v1/153.48fccead0a.js': 'sha384-chunk' },
    });
  });

  it('never posts more than the worker accepts', () => {
    const post = jest.fn<WarmupEnv['post']>();
    const loaded = Array.from({ length: 500 }, (_, i) => ({
      name: `https://kloof.example/${i}.0123456789.js`,
      startTime: 1,
    }));
    expect(
      postLoadedBeforeControl({
        pageUrl: 'https://kloof.example/',
        now: () => 2,
        pinned: () => ({}),
        loaded: () => loaded,
        post,
      }),
    ).toBe(300);
  });
});
