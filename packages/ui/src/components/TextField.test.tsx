/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { TextField } from './TextField';

describe('TextField', () => {
  it('ties the input to its label, hint and error for screen readers', () => {
    render(
      <TextField label="Email" type="email" hint="We never share it." error="Enter a valid email address." required />,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Enter a valid email address.');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Company" />);
    expect(screen.getByLabelText('Company')).toHaveAttribute('aria-invalid', 'false');
  });
});
