/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { EmailField } from './EmailField';
import { Field } from './Field';
import { PasswordField } from './PasswordField';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';

describe('Field', () => {
  it('describes its control by the hint, then the error, and marks it invalid', () => {
    render(
      <Field label="Slug" hint="Lower-case letters and dashes." error="That slug is taken.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Slug' });
    expect(input).toHaveAccessibleDescription('Lower-case letters and dashes. That slug is taken.');
    expect(input).toBeInvalid();
  });

  it('describes it by nothing when there is nothing to say', () => {
    render(<Field label="Slug">{(control) => <input {...control} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Slug' })).not.toHaveAttribute('aria-describedby');
  });

  it('marks a required field with a star screen readers skip (they hear "required")', () => {
    render(
      <Field label="Name" required>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives each field its own ids, so two on a page never share a label', () => {
    render(
      <>
        <Field label="First" error="Too short.">
          {(control) => <input {...control} />}
        </Field>
        <Field label="Second" error="Too long.">
          {(control) => <input {...control} />}
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveAccessibleDescription('Too short.');
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveAccessibleDescription('Too long.');
  });
});

describe('TextAreaField', () => {
  it('is a labelled multi-line input with its error, five rows unless asked', async () => {
    render(<TextAreaField label="Message" error="Tell us a little more." />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '5');
    expect(area).toHaveAccessibleDescription('Tell us a little more.');
    await userEvent.type(area, 'a{Enter}b');
    expect(area).toHaveValue('a\nb');
  });
});

describe('SelectField', () => {
  it('offers its options by label and reports the chosen value', async () => {
    const options = [
      { value: 'website', label: 'A website' },
      { value: 'saas', label: 'A SaaS tool' },
    ];
    render(<SelectField label="What do you need?" options={options} hint="Pick the closest." />);
    const select = screen.getByRole('combobox', { name: 'What do you need?' });
    expect(select).toHaveAccessibleDescription('Pick the closest.');
    await userEvent.selectOptions(select, 'A SaaS tool');
    expect(select).toHaveValue('saas');
  });
});

describe('EmailField', () => {
  it('is the required "E-mail address" field, filled by the browser as an e-mail', () => {
    render(<EmailField error="Enter a valid e-mail address." />);
    const input = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('inputmode', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Enter a valid e-mail address.');
  });
});

describe('PasswordField', () => {
  it('is a required password the browser fills in as the current one', () => {
    const { container } = render(<PasswordField label="Password" />);
    const input = container.querySelector('input')!;
    expect(screen.getByLabelText(/^Password/)).toBe(input);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toBeRequired();
  });

  it('is one the password manager offers to make and save when it is new', () => {
    render(<PasswordField label="New password" isNew />);
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
  });
});
