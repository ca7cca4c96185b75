/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MorePages } from '../hooks/use-paged-list';
import { renderWithProviders as render } from '../../testing/render';
import { LoadMore } from './LoadMore';

const noun = { one: 'workspace', many: 'workspaces' };
const more = (overrides: Partial<MorePages> = {}): MorePages => ({
  available: true,
  loading: false,
  error: null,
  load: () => undefined,
  ...overrides,
});
const explain = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

/** A list of 20 whose next page is its last (25 in all), or a search that finds 3. */
function Paged() {
  const [state, setState] = useState({ shown: 20, available: true });
  return (
    <>
      <button type="button" onClick={() => setState({ shown: 3, available: false })}>
        Search
      </button>
      <LoadMore
        shown={state.shown}
        noun={noun}
        more={more({ available: state.available, load: () => setState({ shown: 25, available: false }) })}
        errorText={explain}
      />
    </>
  );
}

describe('LoadMore', () => {
  it('says how many are shown and that there are more, and loads more on request', async () => {
    const load = jest.fn();
    render(<LoadMore shown={20} noun={noun} more={more({ load })} errorText={explain} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 workspaces. There are more.');
    await userEvent.click(screen.getByRole('button', { name: 'Load more workspaces' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when everything is shown, in the singular for one, with no button', () => {
    render(<LoadMore shown={1} noun={noun} more={more({ available: false })} errorText={explain} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 1 workspace.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('while loading, says so on the button and marks it busy', () => {
    render(<LoadMore shown={20} noun={noun} more={more({ loading: true })} errorText={explain} />);
    expect(screen.getByRole('button', { name: 'Loading more workspaces…' })).toHaveAttribute('aria-busy', 'true');
  });

  it('tells why the last load failed and keeps the button to try again', () => {
    render(<LoadMore shown={20} noun={noun} more={more({ error: new Error('No answer.') })} errorText={explain} />);
    expect(screen.getByRole('alert')).toHaveTextContent('More workspaces could not be loadedNo answer.');
    expect(screen.getByRole('button', { name: 'Load more workspaces' })).toBeEnabled();
  });

  it('moves the focus to the count when the last page takes the button away', async () => {
    render(<Paged />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more workspaces' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 25 workspaces.');
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('leaves the focus alone when the list ends another way (a search)', async () => {
    render(<Paged />);
    const search = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(search);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 3 workspaces.');
    expect(search).toHaveFocus();
  });
});
