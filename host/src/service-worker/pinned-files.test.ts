import { describe, expect, it } from '@jest/globals';
import { pinnedFileHashes, watchPinnedFiles } from './pinned-files';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recording the hashes the page pinned its files to', () => {
  it('records scripts and styles added with an integrity attribute, and nothing without one', async () => {
    const stop = watchPinnedFiles();
    const chunk = document.createElement('script');
    chunk.src = 'https://site.test/remotes/marketing/v1/153.48fccead0a.js';
    chunk.integrity = 'sha384-chunk';
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = 'https://site.test/remotes/marketing/v1/153.48fccead0a.css';
    style.integrity = 'sha384-style';
    const unpinned = document.createElement('script');
    unpinned.src = 'https://site.test/main.0123456789.js';
    document.head.append(chunk, style, unpinned);
    // Removed once loaded, as the chunk loader does: still recorded.
    chunk.remove();
    await flush();
    stop();
    expect(pinnedFileHashes()).toEqual({
      'https://site.test/remotes/marketing/v1/153.48fccead0a.js': 'sha384-chunk',
      'https://site.test/remotes/marketing/v1/153.48fccead0a.css': 'sha384-style',
    });
  });
});
