import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';

function Broken(): never {
  throw new Error('RUNTIME-003 Failed to get manifest');
}

describe('a remote page that fails', () => {
  it('shows the fallback with a retry inside the layout, and focuses its heading', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const retry = jest.fn();
    renderWithProviders(
      <div>
        <header>Site header</header>
        <ErrorBoundary label="Remote page" fallback={<RemoteUnavailable retry={retry} />}>
          <Broken />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByText('Site header')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'This page could not be loaded' });
    expect(heading).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('renders the page when nothing fails', () => {
    renderWithProviders(
      <ErrorBoundary label="Remote page" fallback={<p>fallback</p>}>
        <p>page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });
});
