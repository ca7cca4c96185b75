/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '../form/use-form';
import { renderWithProviders as render } from '../../testing/render';
import { DialogForm } from './DialogForm';
import { TextField } from './TextField';

interface Values extends Record<string, unknown> {
  name: string;
}

function RenameForm({ submit, onCancel }: { submit: (values: Values) => Promise<void>; onCancel: () => void }) {
  const form = useForm<Values>({
    initial: { name: 'Acme' },
    validate: (values) => ({ name: values.name.trim() ? null : 'Enter a name.' }),
    submit,
  });
  return (
    <DialogForm title="Rename workspace" form={form} submitLabel="Save changes" onCancel={onCancel}>
      <TextField label="Name" {...form.field('name')} />
    </DialogForm>
  );
}

/** A submit the test settles by hand, to look at the dialog while it sends. */
function pendingSubmit() {
  let fail: (error: Error) => void = () => undefined;
  const submit = jest.fn(
    (_values: Values) =>
      new Promise<void>((_resolve, reject) => {
        fail = reject;
      }),
  );
  return { submit, fail: (error: Error) => fail(error) };
}

describe('DialogForm', () => {
  it('is a form named by the dialog title, with its fields, Cancel and the submit button', () => {
    render(<RenameForm submit={async () => undefined} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Rename workspace' });
    const form = screen.getByRole('form', { name: 'Rename workspace' });
    expect(dialog).toContainElement(form);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme');
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('type', 'submit');
  });

  it('sends the values; while it sends, the submit is busy and Cancel cannot be pressed', async () => {
    const sending = pendingSubmit();
    const onCancel = jest.fn();
    render(<RenameForm submit={sending.submit} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(sending.submit).toHaveBeenCalledWith({ name: 'Acme' });
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    sending.fail(new Error('The workspace could not be renamed.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The workspace could not be renamed.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows a field message under its field in the dialog and sends nothing', async () => {
    const submit = jest.fn(async (_values: Values) => undefined);
    render(<RenameForm submit={submit} onCancel={() => undefined} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription('Enter a name.');
    expect(name).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });
});
