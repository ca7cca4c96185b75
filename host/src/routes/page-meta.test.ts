import { describe, expect, it } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { applyPageMeta, useNoIndex } from './page-meta';

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('page meta', () => {
  it('sets title, description and og type of a page', () => {
    applyPageMeta({ title: 'Pricing | Kloof Digital', description: 'Tiers', ogType: 'website' });
    expect(document.title).toBe('Pricing | Kloof Digital');
    expect(content('meta[name="description"]')).toBe('Tiers');
    expect(content('meta[property="og:type"]')).toBe('website');
  });

  it('falls back to the product name and webapp', () => {
    applyPageMeta({});
    expect(document.title).toBe('Kloof Digital');
    expect(content('meta[name="description"]')).toBe('Kloof Digital');
    expect(content('meta[property="og:type"]')).toBe('webapp');
  });

  it('updates the existing tags instead of adding more', () => {
    applyPageMeta({ title: 'A', description: 'a' });
    applyPageMeta({ title: 'B', description: 'b' });
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});

describe('noindex', () => {
  it('keeps a page out of search results while it is shown, and only then', () => {
    const shown = renderHook(() => useNoIndex());
    expect(content('meta[name="robots"]')).toBe('noindex');
    shown.unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
