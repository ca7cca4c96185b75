/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { savedAgo, SavedAt } from './SavedAt';

const MINUTE = 60 * 1000;
const saved = Date.UTC(2026, 10, 29, 10, 0);

describe('the saved-at mark', () => {
  it('says how long ago the data was fetched, in words', () => {
    expect(savedAgo(saved, saved + 20 * 1000)).toBe('Saved just now');
    expect(savedAgo(saved, saved + MINUTE)).toBe('Saved 1 minute ago');
    expect(savedAgo(saved, saved + 5 * MINUTE + 59 * 1000)).toBe('Saved 5 minutes ago');
    expect(savedAgo(saved, saved + 3 * 60 * MINUTE)).toBe('Saved 3 hours ago');
    expect(savedAgo(saved, saved + 2 * 24 * 60 * MINUTE)).toBe('Saved 2 days ago');
  });

  it('is text a screen reader reads, with the exact time machine-readable', () => {
    render(<SavedAt at={saved} now={saved + 5 * MINUTE} />);
    const mark = screen.getByText('Saved 5 minutes ago');
    expect(mark.tagName).toBe('TIME');
    expect(mark.getAttribute('datetime')).toBe('2026-11-29T10:00:00.000Z');
    expect(mark.closest('p')).toHaveTextContent('Saved 5 minutes ago. You are offline: this is what you saw last.');
  });
});
