import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { StatusBreakdown } from './StatusBreakdown';

describe('StatusBreakdown', () => {
  it('is a description list screen readers can read: each status a term with its count, grouped only by a div', () => {
    renderWithProviders(<StatusBreakdown counts={{ planning: 1, active: 2, on_hold: 0, completed: 3 }} total={6} />);
    const terms = screen.getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual(['Planning', 'Active', 'On hold', 'Completed']);
    expect(screen.getAllByRole('definition').map((count) => count.textContent)).toEqual(['1', '2', '0', '3']);
    // HTML allows a <dl> to hold <div> groups of <dt> and <dd> and nothing else, one level deep.
    const list = terms[0]!.closest('dl')!;
    for (const group of Array.from(list.children)) {
      expect(group.tagName).toBe('DIV');
      expect(Array.from(group.children).map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
  });
});
