/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('with a destination, is one link named by its label, number and hint', () => {
    render(<StatCard label="Workspaces" value={4} hint="2 new this week" to="/workspaces" />);
    expect(screen.getByRole('link', { name: 'Workspaces 4 2 new this week' })).toHaveAttribute('href', '/workspaces');
  });

  it('without one, is text only', () => {
    render(<StatCard label="Users" value={120} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('120')).toBeInTheDocument();
  });
});
