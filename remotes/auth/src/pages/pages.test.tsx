import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { toast } from '@kloof/ui';
import { DEVICE_ID_KEY, http } from '@kloof/api-client';
import { aUser, respond } from '@kloof/api-client/testing';
import { authStore, recordVisit, resetOrigins } from '@kloof/auth';
import { renderPage } from '../testing/render-page';
import Login from './Login';
import Register from './Register';
import ForgetPassword from './ForgetPassword';
import ResetPassword from './ResetPassword';
import AccountVerification from './AccountVerification';
import ResendVerification from './ResendVerification';
import SignInLink from './SignInLink';
import NotMe from './NotMe';

type Reply = { status: number; data?: unknown } | (() => Promise<{ status: number; data?: unknown }>);
let sent: { url?: string; body: unknown; params: unknown }[] = [];
let replies: Record<string, Reply> = {};

function serve(routes: Record<string, Reply>): void {
  replies = routes;
}

const user = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann' });
const tokens = { accessToken: 'access-token-0123456789', refreshToken: 'refresh-token-0123456789' };

beforeEach(() => {
  localStorage.clear();
  authStore.logout();
  resetOrigins();
  sent = [];
  http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push({
      url: config.url,
      body: config.data ? JSON.parse(String(config.data)) : undefined,
      params: config.params,
    });
    const reply = replies[`${config.method?.toUpperCase()} ${config.url}`];
    if (!reply)
      return respond(config, 404, {
        statusCode: 404,
        code: 'route_not_found',
        message: 'not here',
        error: 'Not Found',
      });
    const { status, data } = typeof reply === 'function' ? await reply() : reply;
    return respond(config, status, data);
  };
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => {
  jest.restoreAllMocks();
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const passwordField = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement;

describe('Login', () => {
  it('has labelled fields with autocomplete for password managers', () => {
    renderPage('/auth/login', <Login />, '/auth/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(field('E-mail address')).toHaveAttribute('autocomplete', 'username');
    expect(passwordField('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordField('Password')).toHaveAttribute('type', 'password');
  });

  it('offers no passkey where the browser cannot use one: the page is the password form it was', () => {
    renderPage('/auth/login', <Login />, '/auth/login');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it('shows validation messages and sends nothing when the form is incomplete', async () => {
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(field('E-mail address')).toHaveFocus();
    expect(field('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('disables the button while sending, signs in with settings and lands on the origin', async () => {
    let release: () => void = () => undefined;
    serve({
      'POST auth/login': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, data: { ...tokens, user } });
        }),
    });
    renderPage('/auth/login', <Login />, { pathname: '/auth/login', state: { from: { pathname: '/links' } } });
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.click(passwordField('Password'));
    await userEvent.paste('pasted-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    release();
    await waitFor(() => expect(authStore.getSession().state).toBe('SIGNED_IN'));
    expect(sent[0]).toEqual({
      url: 'auth/login',
      // The browser's device id goes along, so this browser is throttled on its own (issue 30).
      body: { email: 'ann@example.com', password: 'pasted-secret', device: localStorage.getItem(DEVICE_ID_KEY) },
      params: { include: '[settings]' },
    });
    expect(authStore.getSession().landing).toBe('/links');
    expect(localStorage.getItem('refreshToken')).toBe(tokens.refreshToken);
    // A first sign-in ever must not hear 'Welcome back'.
    expect(toast.success).toHaveBeenCalledWith(`Welcome, ${user.username}`);
  });

  it('says a sign-in cancelled the pending deletion of the account, and keeps no such flag with the tokens', async () => {
    const info = jest.spyOn(toast, 'info').mockImplementation(() => 'id');
    serve({ 'POST auth/login': { status: 200, data: { ...tokens, user, deletionCancelled: true } } });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(authStore.getSession().state).toBe('SIGNED_IN'));
    expect(info).toHaveBeenCalledWith(
      'Your account will not be deleted: signing in cancelled the deletion you asked for.',
      { duration: Infinity },
    );
    expect(authStore.getSession()).not.toHaveProperty('deletionCancelled');
  });

  it('asks for the authenticator code after the password when the API says so, or a recovery code', async () => {
    serve({
      'POST auth/login': {
        status: 200,
        data: { secondFactor: 'totp', challenge: 'challenge-0123456789', passkey: false },
      },
      'POST auth/login/second-factor': {
        status: 401,
        data: { statusCode: 401, code: 'invalid_code', message: 'Invalid or expired code', error: 'Unauthorized' },
      },
    });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByRole('textbox', { name: /^Authentication code/ });
    expect(code).toHaveFocus();
    // The second step is a page of its own to the reader: its own heading.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Two-step verification');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(authStore.getSession().state).not.toBe('SIGNED_IN');
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      url: 'auth/login/second-factor',
      body: { challenge: 'challenge-0123456789', code: '123456', device: expect.any(String) },
      params: { include: '[settings]' },
    });

    serve({ 'POST auth/login/second-factor': { status: 200, data: { ...tokens, user } } });
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: /^Recovery code/ });
    expect(recovery).toHaveFocus();
    await userEvent.type(recovery, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(authStore.getSession().state).toBe('SIGNED_IN'));
    expect(sent[2]?.body).toMatchObject({ challenge: 'challenge-0123456789', code: 'abcde-fghjk' });
    expect(toast.success).toHaveBeenCalledWith(`Welcome, ${user.username}`);
  });

  it('an answer without a user signs nobody in: SIGNED_OUT, no token kept, and the form says why', async () => {
    serve({ 'POST auth/login': { status: 200, data: tokens } });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server did not say which account signed in. Please try again.',
    );
    expect(authStore.getSession().state).toBe('SIGNED_OUT');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("lands on / when there is no origin to return to (the spec's guest-only rule)", async () => {
    serve({ 'POST auth/login': { status: 200, data: { ...tokens, user } } });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(authStore.getSession().landing).toBe('/'));
  });

  it('lands back on the public page the visitor came from', async () => {
    serve({ 'POST auth/login': { status: 200, data: { ...tokens, user } } });
    recordVisit({ pathname: '/pricing', search: '' });
    recordVisit({ pathname: '/auth/login', search: '' });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(authStore.getSession().landing).toBe('/pricing'));
  });

  it("shows the server's error in the form (the one error look) and stays", async () => {
    serve({
      'POST auth/login': {
        status: 401,
        data: {
          statusCode: 401,
          code: 'invalid_credentials',
          message: 'Invalid email or password',
          error: 'Unauthorized',
        },
      },
    });
    renderPage('/auth/login', <Login />, '/auth/login');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(passwordField('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(toast.error).not.toHaveBeenCalled();
    expect(authStore.getSession().state).toBe('SIGNED_OUT');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('Register', () => {
  it('sends the contact-us style form and moves on to account verification with the address', async () => {
    serve({ 'POST auth/register': { status: 201, data: { message: 'Thanks for signing up.' } } });
    renderPage('/auth/register', <Register />, '/auth/register');
    await userEvent.type(field('Name'), 'Ann Smith');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.type(field('Company'), 'Smith & Co');
    await userEvent.type(field('Phone'), '+27 21 555 0143');
    await userEvent.type(field('How can we help?'), 'A shop');
    await userEvent.type(passwordField('Password'), 'long-enough');
    expect(passwordField('Password')).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/account-verification?email=ann%40example.com');
    expect(sent[0]?.body).toEqual({
      username: 'Ann Smith',
      fullName: 'Ann Smith',
      email: 'ann@example.com',
      password: 'long-enough',
      company: 'Smith & Co',
      phone: '+27 21 555 0143',
      message: 'A shop',
    });
    expect(toast.success).toHaveBeenCalledWith('Thanks for signing up.');
  });

  it('asks for a name, a valid address and an 8-character password', async () => {
    renderPage('/auth/register', <Register />, '/auth/register');
    await userEvent.type(passwordField('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('ForgetPassword and ResetPassword', () => {
  it('forgot password sends the address and moves on to the reset page', async () => {
    serve({ 'POST auth/forgetPassword': { status: 200, data: { message: 'If an account exists, we sent a code.' } } });
    renderPage('/auth/forgetPassword', <ForgetPassword />, '/auth/forgetPassword');
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/resetPassword?email=ann%40example.com');
    expect(sent[0]).toMatchObject({ url: 'auth/forgetPassword', body: { email: 'ann@example.com' } });
  });

  it('reset without a code in the path: code, new password twice; success goes to sign-in', async () => {
    serve({ 'POST auth/resetPassword': { status: 200, data: { message: 'Your password has been reset.' } } });
    renderPage('/auth/resetPassword', <ResetPassword />, '/auth/resetPassword?email=ann%40example.com');
    await userEvent.type(field('Reset code'), '1234 5678');
    await userEvent.type(passwordField('New password'), 'new-password-1');
    await userEvent.type(passwordField('Repeat new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    await userEvent.clear(passwordField('Repeat new password'));
    await userEvent.type(passwordField('Repeat new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login');
    expect(sent[0]).toMatchObject({
      url: 'auth/resetPassword',
      body: {
        otp: '12345678',
        password: 'new-password-1',
        passwordConfirm: 'new-password-1',
        email: 'ann@example.com',
      },
    });
  });

  it('reset with {otp} in the path: the code is filled in from useParams and checked', async () => {
    serve({
      'POST auth/validOtp': {
        status: 400,
        data: { statusCode: 400, code: 'invalid_code', message: 'Invalid or expired code', error: 'Bad Request' },
      },
    });
    renderPage('/auth/resetPassword/:otp', <ResetPassword />, '/auth/resetPassword/87654321?email=ann%40example.com');
    expect(field('Reset code')).toHaveValue('87654321');
    expect(await screen.findByText('This reset link cannot be used')).toBeInTheDocument();
    expect(screen.getByText(/Invalid or expired code/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ url: 'auth/validOtp', body: { otp: '87654321', email: 'ann@example.com' } });
  });

  it('reset without an address in the link asks for it (a code only counts with its address)', async () => {
    serve({ 'POST auth/resetPassword': { status: 200, data: { message: 'Your password has been reset.' } } });
    renderPage('/auth/resetPassword/:otp', <ResetPassword />, '/auth/resetPassword/87654321');
    expect(sent).toEqual([]); // nothing to check without the address
    await userEvent.type(passwordField('New password'), 'new-password-1');
    await userEvent.type(passwordField('Repeat new password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(sent).toEqual([]);
    await userEvent.type(field('E-mail address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login');
    expect(sent[0]).toMatchObject({
      url: 'auth/resetPassword',
      body: { otp: '87654321', email: 'ann@example.com', password: 'new-password-1' },
    });
  });
});

describe('AccountVerification and ResendVerification', () => {
  it('verification prefills the address from the query and sends a signed-out user to sign-in', async () => {
    serve({
      'POST auth/accountConfirmation/confirm': { status: 200, data: { message: 'Your account is verified.', user } },
    });
    renderPage(
      '/auth/account-verification',
      <AccountVerification />,
      '/auth/account-verification?email=ann%40example.com',
    );
    expect(field('E-mail address')).toHaveValue('ann@example.com');
    expect(field('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login');
    expect(sent[0]).toMatchObject({
      url: 'auth/accountConfirmation/confirm',
      body: { email: 'ann@example.com', otp: '123456' },
    });
  });

  it('verification takes the address from the router state too', () => {
    renderPage('/auth/account-verification', <AccountVerification />, {
      pathname: '/auth/account-verification',
      state: { email: 'bo@example.com' },
    });
    expect(field('E-mail address')).toHaveValue('bo@example.com');
  });

  it('an unverified signed-in user can resend the code and enter it on the same page, then goes to the dashboard', async () => {
    serve({
      'POST auth/accountConfirmation': { status: 200, data: { message: 'We sent a new verification code.' } },
      'POST auth/accountConfirmation/confirm': { status: 200, data: { message: 'Your account is verified.', user } },
    });
    authStore.login(tokens, { ...user, verified: false });
    renderPage('/auth/resend-verification', <ResendVerification />, '/auth/resend-verification');
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText(/We will send the code to/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('We sent a new verification code.'));
    expect(screen.getByText(/We sent the code to/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ url: 'auth/accountConfirmation', body: { email: 'ann@example.com' } });
    await userEvent.type(field('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(authStore.getSession().user?.verified).toBe(true);
  });

  it('an unverified signed-in user can log out or use another account', async () => {
    serve({ 'POST auth/logout': { status: 204 } });
    authStore.login(tokens, { ...user, verified: false });
    renderPage('/auth/resend-verification', <ResendVerification />, '/auth/resend-verification');
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/user/logout');
    await userEvent.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login');
    expect(authStore.getSession()).toMatchObject({ state: 'SIGNED_OUT', refreshToken: null });
    expect(sent).toContainEqual(expect.objectContaining({ url: 'auth/logout' }));
  });

  it('a signed-out visitor types the address to get a new code', async () => {
    renderPage('/auth/resend-verification', <ResendVerification />, '/auth/resend-verification');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter it here' })).toHaveAttribute('href', '/auth/account-verification');
  });
});

describe('SignInLink', () => {
  it("allows this browser with the link's token on a click, then goes on to sign-in with the address", async () => {
    serve({
      'POST auth/sign-in-link': {
        status: 200,
        data: { message: 'This device can sign in now. Enter your password to continue.', email: 'ann@example.com' },
      },
    });
    renderPage('/auth/sign-in-link', <SignInLink />, '/auth/sign-in-link#link-token-123');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in on this device' })).toBeInTheDocument();
    expect(sent).toEqual([]); // nothing on load: a mail scanner opening the link does not use it up
    await userEvent.click(screen.getByRole('button', { name: 'Allow this device' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/login?email=ann%40example.com');
    expect(sent[0]).toMatchObject({
      url: 'auth/sign-in-link',
      body: { token: 'link-token-123', device: localStorage.getItem(DEVICE_ID_KEY) },
    });
    expect(toast.success).toHaveBeenCalledWith('This device can sign in now. Enter your password to continue.');
  });

  it("shows the API's refusal of a used or expired link", async () => {
    serve({
      'POST auth/sign-in-link': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'sign_in_link_invalid',
          error: 'Bad Request',
          message: 'This sign-in link has expired or was used already. Sign in again to get a new one.',
        },
      },
    });
    renderPage('/auth/sign-in-link', <SignInLink />, '/auth/sign-in-link#used-token');
    await userEvent.click(screen.getByRole('button', { name: 'Allow this device' }));
    expect(
      await screen.findByText('This sign-in link has expired or was used already. Sign in again to get a new one.'),
    ).toBeInTheDocument();
  });

  it('says a link without its token is incomplete', async () => {
    renderPage('/auth/sign-in-link', <SignInLink />, '/auth/sign-in-link');
    await userEvent.click(screen.getByRole('button', { name: 'Allow this device' }));
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('NotMe', () => {
  it('on a click, signs the account out everywhere, this browser too, and opens the new-password page with the code', async () => {
    serve({
      'POST auth/not-me': {
        status: 200,
        data: {
          message: 'Every session of your account has ended. Choose a new password now.',
          email: 'ann@example.com',
          code: '12345678',
        },
      },
    });
    authStore.login(tokens, user); // the mail may be opened where the account is signed in
    renderPage('/auth/not-me', <NotMe />, '/auth/not-me#not-me-token');
    expect(screen.getByRole('heading', { level: 1, name: 'This was not me' })).toBeInTheDocument();
    expect(sent).toEqual([]); // nothing on load: a mail scanner opening the link signs no one out
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/auth/resetPassword/12345678?email=ann%40example.com',
    );
    expect(sent[0]).toMatchObject({ url: 'auth/not-me', body: { token: 'not-me-token' } });
    expect(authStore.getSession().state).toBe('SIGNED_OUT');
    expect(toast.success).toHaveBeenCalledWith('Every session of your account has ended. Choose a new password now.');
  });

  it("shows the API's refusal of a used or expired link", async () => {
    const text =
      'This link has expired or was used already. If someone else is using your account, reset your password from the sign-in page.';
    serve({
      'POST auth/not-me': {
        status: 400,
        data: { statusCode: 400, code: 'not_me_link_invalid', error: 'Bad Request', message: text },
      },
    });
    renderPage('/auth/not-me', <NotMe />, '/auth/not-me#used-token');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
