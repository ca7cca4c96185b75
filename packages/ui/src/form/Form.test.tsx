/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { Form } from './Form';
import { useForm, type Failure } from './use-form';

interface Values extends Record<string, unknown> {
  name: string;
  url: string;
}

function NameForm({
  submit,
  explain,
}: {
  submit: (values: Values) => Promise<void>;
  explain?: (error: unknown) => Failure;
}) {
  const form = useForm<Values>({
    initial: { name: '', url: '' },
    validate: (values) => ({
      name: values.name.trim() ? null : 'Enter a name.',
      url: values.url && !/^https?:\/\//.test(values.url) ? 'Start the address with http:// or https://.' : null,
    }),
    submit,
    ...(explain ? { explain } : {}),
  });
  return (
    <Form
      form={form}
      aria-label="Thing"
      actions={
        <Button type="submit" loading={form.busy}>
          Save
        </Button>
      }
    >
      <TextField label="Name" required {...form.field('name')} />
      <TextField label="URL" {...form.field('url')} />
    </Form>
  );
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('useForm + Form', () => {
  it('turns off the browser bubbles: the form has noValidate', () => {
    render(<NameForm submit={async () => {}} />);
    expect(screen.getByRole('form', { name: 'Thing' })).toHaveAttribute('novalidate');
  });

  it('posts: sent before or without script, no field ever lands in a URL', () => {
    render(<NameForm submit={async () => {}} />);
    expect(screen.getByRole('form', { name: 'Thing' })).toHaveAttribute('method', 'post');
  });

  it('checks before sending: messages under the fields, focus on the first, nothing sent', () => {
    const submit = jest.fn(async () => {});
    render(<NameForm submit={submit} />);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'example.com' } });
    fireEvent.click(save());
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('Enter a name.');
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('Start the address with http:// or https://.');
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
  });

  it('checks a field with a message again as the user types, so the message goes once fixed', () => {
    render(<NameForm submit={async () => {}} />);
    fireEvent.click(save());
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Acme' } });
    expect(screen.queryByText('Enter a name.')).toBeNull();
  });

  it('sends the values once, with the button busy, however often it is clicked', async () => {
    let finish: () => void = () => {};
    const submit = jest.fn((_: Values) => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameForm submit={submit} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: ' Acme ' } });
    fireEvent.submit(screen.getByRole('form'));
    fireEvent.submit(screen.getByRole('form'));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ name: ' Acme ', url: '' });
    await waitFor(() => expect(save()).toBeDisabled());
    expect(save()).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    expect(save()).toBeEnabled();
  });

  it('puts a failure that names a field under that field, and focuses it', async () => {
    render(
      <NameForm
        submit={async () => Promise.reject(new Error('url must be a valid http or https URL'))}
        explain={() => ({ field: 'url', message: 'Enter a web address that starts with http:// or https://.' })}
      />,
    );
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Acme' } });
    fireEvent.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(
        'Enter a web address that starts with http:// or https://.',
      ),
    );
    expect(screen.getByLabelText('URL')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failure no field owns once, under the fields, as an alert; the next try clears it', async () => {
    const submit = jest.fn(async (): Promise<void> => Promise.reject(new Error('Current password is incorrect')));
    render(<NameForm submit={submit} explain={(error) => ({ field: 'unknown', message: (error as Error).message })} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Acme' } });
    fireEvent.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    submit.mockImplementationOnce(async () => {});
    fireEvent.click(save());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('gives a form its one submit button: busy and saying so while the form sends, itself again after', async () => {
    let finish: () => void = () => {};
    function SendForm() {
      const form = useForm({ initial: {}, submit: () => new Promise<void>((resolve) => (finish = resolve)) });
      return (
        <Form form={form} aria-label="Message" submit={{ label: 'Send', sending: 'Sending…' }}>
          <p>Nothing to fill in.</p>
        </Form>
      );
    }
    render(<SendForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toHaveAttribute('aria-busy', 'true');
    expect(sending).toHaveAttribute('type', 'submit');
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("without an explain function, shows the error's own message", async () => {
    render(<NameForm submit={async () => Promise.reject(new Error('Offline'))} />);
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Acme' } });
    fireEvent.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Offline');
  });
});
