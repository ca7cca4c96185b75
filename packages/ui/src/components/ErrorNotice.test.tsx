/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { ErrorNotice } from './ErrorNotice';

describe('ErrorNotice', () => {
  it('is announced at once, with its title and reason', () => {
    render(<ErrorNotice title="Your projects could not be loaded">No answer from the server.</ErrorNotice>);
    expect(screen.getByRole('alert')).toHaveTextContent('Your projects could not be loadedNo answer from the server.');
  });

  it('offers "Try again" when there is a way to retry, and runs it', async () => {
    const onRetry = jest.fn();
    render(<ErrorNotice title="Your projects could not be loaded" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no button when nothing can be retried', () => {
    render(<ErrorNotice title="This link has expired" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
