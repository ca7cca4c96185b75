import { beforeEach, describe, expect, it } from '@jest/globals';
import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../http';
import { tokenStorage } from '../token-storage';
import { DEVICE_ID_KEY } from '../device-id';
import { respond } from '../../testing/fake-api';
import { authApi } from './auth';
import { currentUserApi } from './current-user';
import { systemApi } from './system';
import { usersApi } from './users';
import { billingApi, contactApi, dashboardApi, linksApi, projectsApi, workspacesApi } from './client-area';
import { sessionsApi } from './sessions';
import { totpApi } from './second-factor';
import { passkeysApi } from './passkeys';
import type { PasskeyAssertion, PasskeyRegistration } from '@kloof/api-contract';
import { freshProofApi, securitySettingsApi } from './fresh-proof';

let sent: InternalAxiosRequestConfig[] = [];
const device = 'this-browser-device-id-1';

beforeEach(() => {
  sent = [];
  localStorage.clear();
  tokenStorage.save({ accessToken: 'stored-access-token-123', refreshToken: 'stored-refresh-token-123' });
  localStorage.setItem(DEVICE_ID_KEY, device);
  http.defaults.adapter = async (config) => {
    sent.push(config);
    return respond(config, 200, { ok: true });
  };
});

function last() {
  const config = sent.at(-1)!;
  return {
    method: config.method?.toUpperCase(),
    url: config.url,
    params: config.params as unknown,
    body: config.data ? (JSON.parse(String(config.data)) as unknown) : undefined,
    bearer: AxiosHeaders.from(config.headers).get('Authorization') ?? null,
  };
}

const bearer = 'Bearer stored-access-token-123';
/** A sign-in call that asks for the user's settings with its answer, sent without a token. */
const signInWithSettings = { params: { include: '[settings]' }, bearer: null };
const ceremony = '0b7c7e1e-3c53-4a57-9d3e-7f0d1a2b3c4d';
const assertion: PasskeyAssertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig' },
};
const registration: PasskeyRegistration = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'cd', attestationObject: 'ao' },
};

describe('typed calls: every /v1 call with its exact method, path and payload', () => {
  it.each([
    [
      'login with settings',
      () => authApi.login({ email: 'a@b.co', password: 'pw' }, { settings: true }),
      {
        method: 'POST',
        url: 'auth/login',
        ...signInWithSettings,
        body: { email: 'a@b.co', password: 'pw', device },
      },
    ],
    [
      'second factor of a sign-in',
      () => authApi.loginSecondFactor('challenge-1', '123456', { settings: true }),
      {
        method: 'POST',
        url: 'auth/login/second-factor',
        ...signInWithSettings,
        body: { challenge: 'challenge-1', code: '123456', device },
      },
    ],
    [
      'start a passkey sign-in',
      () => authApi.startPasskeySignIn(),
      { method: 'POST', url: 'auth/passkey/options', bearer: null },
    ],
    [
      'sign in with a passkey',
      () => authApi.loginWithPasskey(ceremony, assertion, { settings: true }),
      {
        method: 'POST',
        url: 'auth/passkey',
        ...signInWithSettings,
        body: { ceremony, response: assertion, device },
      },
    ],
    [
      'start a passkey as the second factor',
      () => authApi.startPasskeySecondFactor('challenge-1'),
      {
        method: 'POST',
        url: 'auth/login/second-factor/passkey/options',
        body: { challenge: 'challenge-1' },
        bearer: null,
      },
    ],
    [
      'a passkey as the second factor',
      () => authApi.loginSecondFactorPasskey('challenge-1', ceremony, assertion),
      {
        method: 'POST',
        url: 'auth/login/second-factor/passkey',
        body: { challenge: 'challenge-1', ceremony, response: assertion, device },
        bearer: null,
      },
    ],
    [
      'register',
      () => authApi.register({ username: 'ann', email: 'a@b.co', password: 'pw123456', company: 'Co' }),
      {
        method: 'POST',
        url: 'auth/register',
        body: { username: 'ann', email: 'a@b.co', password: 'pw123456', company: 'Co' },
        bearer: null,
      },
    ],
    [
      'refreshToken',
      () => authApi.refreshToken('r-token'),
      { method: 'POST', url: 'auth/refreshToken', body: { refreshToken: 'r-token' }, bearer: null },
    ],
    [
      'logout',
      () => authApi.logout('r-token'),
      { method: 'POST', url: 'auth/logout', body: { refreshToken: 'r-token' }, bearer: null },
    ],
    [
      'forgetPassword',
      () => authApi.forgetPassword('a@b.co'),
      { method: 'POST', url: 'auth/forgetPassword', body: { email: 'a@b.co' }, bearer: null },
    ],
    [
      'validOtp',
      () => authApi.validOtp('123456', 'a@b.co'),
      { method: 'POST', url: 'auth/validOtp', body: { otp: '123456', email: 'a@b.co', device }, bearer: null },
    ],
    [
      'resetPassword',
      () => authApi.resetPassword({ otp: '1', password: 'p', passwordConfirm: 'p', email: 'a@b.co' }),
      {
        method: 'POST',
        url: 'auth/resetPassword',
        body: { otp: '1', password: 'p', passwordConfirm: 'p', email: 'a@b.co', device },
        bearer: null,
      },
    ],
    [
      'accountConfirmation (resend)',
      () => authApi.resendConfirmation('a@b.co'),
      { method: 'POST', url: 'auth/accountConfirmation', body: { email: 'a@b.co' }, bearer: null },
    ],
    [
      'accountConfirmation/confirm',
      () => authApi.confirmAccount({ email: 'a@b.co', otp: '1' }),
      { method: 'POST', url: 'auth/accountConfirmation/confirm', body: { email: 'a@b.co', otp: '1' }, bearer: null },
    ],
    [
      'current-user with settings',
      () => currentUserApi.get({ settings: true }),
      { method: 'GET', url: 'current-user', params: { include: '[settings]' }, bearer },
    ],
    [
      'current-user with an explicit token',
      () => currentUserApi.get({ accessToken: 'explicit-token-1234567' }),
      { method: 'GET', url: 'current-user', bearer: 'Bearer explicit-token-1234567' },
    ],
    [
      'update current-user',
      () => currentUserApi.update({ fullName: 'Ann' }),
      { method: 'PATCH', url: 'current-user', body: { fullName: 'Ann' }, bearer },
    ],
    [
      'change password',
      () => currentUserApi.changePassword({ currentPassword: 'a', password: 'b', passwordConfirm: 'b' }),
      {
        method: 'POST',
        url: 'current-user/password',
        body: { currentPassword: 'a', password: 'b', passwordConfirm: 'b' },
        bearer,
      },
    ],
    ['system-users', () => systemApi.systemUsers(), { method: 'GET', url: 'system-users', bearer }],
    ['health', () => systemApi.health(), { method: 'GET', url: 'health', bearer: null }],
    [
      'users list',
      () => usersApi.list({ search: 'ann', after: 'WzFd', limit: 10 }),
      { method: 'GET', url: 'users', params: { search: 'ann', after: 'WzFd', limit: 10 }, bearer },
    ],
    ['one user', () => usersApi.get('u1'), { method: 'GET', url: 'users/u1', bearer }],
    [
      'my sessions',
      () => sessionsApi.mine({ after: 'WzFd' }),
      { method: 'GET', url: 'current-user/sessions', params: { after: 'WzFd' }, bearer },
    ],
    ['end a session', () => sessionsApi.end('s1'), { method: 'DELETE', url: 'current-user/sessions/s1', bearer }],
    [
      'end the other sessions',
      () => sessionsApi.endOthers(),
      { method: 'POST', url: 'current-user/sessions/end-others', bearer },
    ],
    ['authenticator status', () => totpApi.status(), { method: 'GET', url: 'current-user/totp', bearer }],
    ['set up the authenticator', () => totpApi.enrol(), { method: 'POST', url: 'current-user/totp', bearer }],
    [
      'turn off the authenticator',
      () => totpApi.disable(),
      { method: 'POST', url: 'current-user/totp/disable', bearer },
    ],
    [
      'new recovery codes',
      () => totpApi.regenerateRecoveryCodes(),
      { method: 'POST', url: 'current-user/totp/recovery-codes', bearer },
    ],
    [
      'prove it is me',
      () => freshProofApi.prove({ kind: 'password', password: 'pw' }),
      { method: 'POST', url: 'current-user/fresh-proof', body: { kind: 'password', password: 'pw' }, bearer },
    ],
    ['security settings', () => securitySettingsApi.get(), { method: 'GET', url: 'settings/security', bearer }],
    [
      'change the security settings',
      () => securitySettingsApi.update({ requireSecondFactorForAdmins: true }),
      { method: 'PUT', url: 'settings/security', body: { requireSecondFactorForAdmins: true }, bearer },
    ],
    ['my passkeys', () => passkeysApi.list(), { method: 'GET', url: 'current-user/passkeys', bearer }],
    [
      'start adding a passkey',
      () => passkeysApi.startRegistration('pw'),
      { method: 'POST', url: 'current-user/passkeys/options', body: { currentPassword: 'pw' }, bearer },
    ],
    [
      'add a passkey',
      () => passkeysApi.add(ceremony, registration, 'Laptop'),
      {
        method: 'POST',
        url: 'current-user/passkeys',
        body: { ceremony, response: registration, name: 'Laptop' },
        bearer,
      },
    ],
    [
      'rename a passkey',
      () => passkeysApi.rename('k1', 'Phone'),
      { method: 'PATCH', url: 'current-user/passkeys/k1', body: { name: 'Phone' }, bearer },
    ],
    [
      'remove a passkey',
      () => passkeysApi.remove('k1', 'pw'),
      { method: 'POST', url: 'current-user/passkeys/k1/remove', body: { currentPassword: 'pw' }, bearer },
    ],
    [
      "a user's sessions",
      () => sessionsApi.ofUser('u1', { limit: 20 }),
      { method: 'GET', url: 'users/u1/sessions', params: { limit: 20 }, bearer },
    ],
    [
      "end a user's session",
      () => sessionsApi.endForUser('u1', 's1'),
      { method: 'DELETE', url: 'users/u1/sessions/s1', bearer },
    ],
    [
      'update user',
      () => usersApi.update('u1', { roles: ['Admin'], verified: true }),
      { method: 'PATCH', url: 'users/u1', body: { roles: ['Admin'], verified: true }, bearer },
    ],
    ['workspaces', () => workspacesApi.list(), { method: 'GET', url: 'workspaces', bearer }],
    ['one workspace', () => workspacesApi.get('w1'), { method: 'GET', url: 'workspaces/w1', bearer }],
    [
      'create workspace',
      () => workspacesApi.create({ name: 'W' }),
      { method: 'POST', url: 'workspaces', body: { name: 'W' }, bearer },
    ],
    [
      'update workspace',
      () => workspacesApi.update('w1', { description: 'd' }),
      { method: 'PATCH', url: 'workspaces/w1', body: { description: 'd' }, bearer },
    ],
    ['delete workspace', () => workspacesApi.remove('w1'), { method: 'DELETE', url: 'workspaces/w1', bearer }],
    [
      'projects of a workspace',
      () => projectsApi.list({ workspaceId: 'w1' }),
      { method: 'GET', url: 'projects', params: { workspaceId: 'w1' }, bearer },
    ],
    ['one project', () => projectsApi.get('p1'), { method: 'GET', url: 'projects/p1', bearer }],
    [
      'create project',
      () => projectsApi.create({ workspaceId: 'w1', name: 'P', status: 'active' }),
      { method: 'POST', url: 'projects', body: { workspaceId: 'w1', name: 'P', status: 'active' }, bearer },
    ],
    [
      'update project',
      () => projectsApi.update('p1', { status: 'on_hold' }),
      { method: 'PATCH', url: 'projects/p1', body: { status: 'on_hold' }, bearer },
    ],
    ['delete project', () => projectsApi.remove('p1'), { method: 'DELETE', url: 'projects/p1', bearer }],
    [
      'links',
      () => linksApi.list({ workspaceId: 'w1', projectId: 'p1' }),
      { method: 'GET', url: 'links', params: { workspaceId: 'w1', projectId: 'p1' }, bearer },
    ],
    ['one link', () => linksApi.get('l1'), { method: 'GET', url: 'links/l1', bearer }],
    [
      'create link',
      () => linksApi.create({ workspaceId: 'w1', title: 'T', url: 'https://x.co' }),
      { method: 'POST', url: 'links', body: { workspaceId: 'w1', title: 'T', url: 'https://x.co' }, bearer },
    ],
    [
      'update link',
      () => linksApi.update('l1', { projectId: null }),
      { method: 'PATCH', url: 'links/l1', body: { projectId: null }, bearer },
    ],
    ['delete link', () => linksApi.remove('l1'), { method: 'DELETE', url: 'links/l1', bearer }],
    ['dashboard', () => dashboardApi.get(), { method: 'GET', url: 'dashboard', bearer }],
    ['billing', () => billingApi.get(), { method: 'GET', url: 'billing', bearer }],
    [
      'contact form',
      () => contactApi.send({ name: 'A', email: 'a@b.co', message: 'Hi' }),
      { method: 'POST', url: 'contact', body: { name: 'A', email: 'a@b.co', message: 'Hi' }, bearer: null },
    ],
    [
      'contact messages',
      () => contactApi.list({ limit: 10 }),
      { method: 'GET', url: 'contact', params: { limit: 10 }, bearer },
    ],
  ] as const)('%s', async (_name, call, expected) => {
    await call();
    expect(last()).toMatchObject(expected);
    if (!('body' in expected)) expect(last().body).toBeUndefined();
  });

  it('escapes ids in paths', async () => {
    await usersApi.get('a/b');
    expect(last().url).toBe('users/a%2Fb');
  });
});
