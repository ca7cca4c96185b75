import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@kloof/api-client';
import { AppToaster, ThemeProvider } from '@kloof/ui';
import { ContactForm } from './ContactForm';

// The network edge only: every request of the form goes through the real api-client to this adapter.
const realAdapter = http.defaults.adapter;
let sent: { url?: string; method?: string; body: unknown; auth?: string }[] = [];
let answer: (config: InternalAxiosRequestConfig) => Promise<{ status: number; data: unknown }>;

const adapter: AxiosAdapter = async (config) => {
  sent.push({
    url: config.url,
    method: config.method,
    body: JSON.parse(String(config.data)),
    auth: config.headers.Authorization as string | undefined,
  });
  const { status, data } = await answer(config);
  const response = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 400)
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
  return response;
};

function renderForm(initial?: { message: string }) {
  render(
    <ThemeProvider>
      <ContactForm initial={initial} />
      <AppToaster />
    </ThemeProvider>,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Your name/), '  Sipho Dlamini ');
  await user.type(screen.getByLabelText(/E-mail address/), 'sipho@example.co.za');
  await user.type(screen.getByLabelText(/About your project/), 'A booking app for our three clinics.');
}

beforeEach(() => {
  sent = [];
  answer = async () => ({
    status: 201,
    data: { id: 'm1', message: 'Thank you for your message. We will get back to you soon.' },
  });
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
  localStorage.clear();
});

describe('contact form', () => {
  it('posts the trimmed message to /v1/contact without a token, then shows the success state', async () => {
    localStorage.setItem('accessToken', 'a'.repeat(40));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: 'Thank you, Sipho Dlamini' })).toHaveFocus();
    // Thanked once: the API's own 'Thank you for your message…' is not repeated under the heading.
    expect(screen.getAllByText(/thank you/i)).toHaveLength(1);
    expect(screen.getByText(/Your message is with us/)).toHaveTextContent(
      'Your message is with us. We reply to sipho@example.co.za within one working day.',
    );
    expect(sent).toEqual([
      {
        url: 'contact',
        method: 'post',
        body: { name: 'Sipho Dlamini', email: 'sipho@example.co.za', message: 'A booking app for our three clinics.' },
        auth: undefined,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText(/Your name/)).toHaveValue('');
  });

  it('disables the form while sending, so a double click sends once', async () => {
    let finish!: () => void;
    answer = () =>
      new Promise((resolve) => (finish = () => resolve({ status: 201, data: { id: 'm1', message: 'Thanks' } })));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText(/Your name/)).toBeDisabled();
    await user.click(button);
    finish();
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(sent).toHaveLength(1);
  });

  it('shows field errors, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/E-mail address/), 'sipho@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address, like name@company.co.za.')).toBeInTheDocument();
    expect(screen.getByText('Please tell us a little about your project.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveFocus();
    expect(screen.getByLabelText(/Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText(/Your name/), 'S');
    expect(screen.queryByText('Please enter your name.')).toBeNull();
  });

  it("shows the server's reason in the user's words, under the field it is about, and keeps what was typed", async () => {
    answer = async () => ({
      status: 400,
      data: {
        statusCode: 400,
        code: 'validation_failed',
        error: 'Bad Request',
        message: 'email must be a valid email',
      },
    });
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(screen.queryByText('email must be a valid email')).toBeNull();
    expect(screen.getByLabelText(/E-mail address/)).toHaveFocus();
    expect(screen.getByLabelText(/Your name/)).toHaveValue('  Sipho Dlamini ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('starts with the message a pricing tier passes in', () => {
    renderForm({ message: 'We are interested in the Build plan. ' });
    expect(screen.getByLabelText(/About your project/)).toHaveValue('We are interested in the Build plan. ');
  });
});
