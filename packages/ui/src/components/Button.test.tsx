/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { Button, ButtonLink } from './Button';
import { SubmitButton } from './SubmitButton';

describe('Button', () => {
  it('is a plain button, so inside a form it never submits unless asked to', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Preview</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while loading, is disabled and says it is busy; clicks do nothing', async () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be busy yet enabled, keeping the focus, when its owner says so', () => {
    render(<Button aria-busy>Load more</Button>);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveAttribute('aria-busy', 'true');
  });

  it('when disabled, is not busy', () => {
    render(<Button disabled>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
  });

  it('hands its ref to the button, so a page can give it the focus back', () => {
    let button: HTMLButtonElement | null = null;
    render(<Button ref={(element) => void (button = element)}>Edit</Button>);
    expect(button).toBe(screen.getByRole('button', { name: 'Edit' }));
  });
});

describe('ButtonLink', () => {
  it('is a link to its route, not a button', async () => {
    render(<ButtonLink to="/pricing">See pricing</ButtonLink>);
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SubmitButton', () => {
  it("submits its form with the form's words", () => {
    render(
      <SubmitButton sending={false} sendingLabel="Signing in…">
        Sign in
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeEnabled();
  });

  it('while sending, says so in its words and is busy and disabled', () => {
    render(
      <SubmitButton sending sendingLabel="Signing in…">
        Sign in
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
