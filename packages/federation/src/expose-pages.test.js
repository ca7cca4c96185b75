import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { exposePages } from './expose-pages.js';

describe('exposePages', () => {
  it('exposes each capitalised page file of src/pages and skips tests and helpers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));
    fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
    for (const file of ['Home.tsx', 'Pricing.tsx', 'Home.test.tsx', 'helpers.ts', 'styles.tsx']) {
      fs.writeFileSync(path.join(dir, 'src', 'pages', file), '');
    }
    expect(exposePages(dir)).toEqual({ './Home': './src/pages/Home.tsx', './Pricing': './src/pages/Pricing.tsx' });
  });
});
