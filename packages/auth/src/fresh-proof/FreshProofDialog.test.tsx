import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http, type PasskeyAssertion, type ProofKind } from '@kloof/api-client';
import { aUser, freshProofStub, ok, stubApi } from '@kloof/api-client/testing';
import { renderWithProviders } from '@kloof/ui/testing';
import { authStore } from '../store';
import type { AskForPasskey } from './proof-forms';
import { isProofCancelled, useFreshProof } from './use-fresh-proof';

let kinds: ProofKind[] = ['password'];
const api = stubApi();
const { sent } = api;
const proof = freshProofStub({ password: 'right password', code: '123456', passkeyId: 'my-passkey' });
/** The browser's passkey prompt, answered by the account's passkey (its answer as the API reads it). */
const passkeyPrompts: unknown[] = [];
const askForPasskey: AskForPasskey = async (start) => {
  passkeyPrompts.push(start);
  return { id: 'my-passkey', rawId: 'my-passkey', type: 'public-key', response: {} } as PasskeyAssertion;
};

beforeEach(() => {
  kinds = ['password'];
  passkeyPrompts.length = 0;
  proof.reset();
  api.install({
    ...proof.routes,
    'POST current-user/totp/disable': proof.guard(
      () => kinds,
      () => ok(),
    ),
  });
  authStore.login({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' }, aUser());
});
afterEach(() => {
  api.restore();
  act(() => authStore.logout());
});

/** A button whose change needs a fresh proof, and what came of it (a page that offers passkeys, or not). */
function Change({ passkeys = false }: { passkeys?: boolean }) {
  const { withFreshProof, proofDialog } = useFreshProof(passkeys ? { askForPasskey } : {});
  const [outcome, setOutcome] = useState('');
  const run = async () => {
    try {
      await withFreshProof(() => http.post('current-user/totp/disable'));
      setOutcome('changed');
    } catch (error) {
      setOutcome(isProofCancelled(error) ? 'cancelled' : 'failed');
    }
  };
  return (
    <>
      <button onClick={() => void run()}>Turn off</button>
      <p data-testid="outcome">{outcome}</p>
      {proofDialog}
    </>
  );
}

const attempts = () => sent.filter((r) => r.url === 'current-user/totp/disable').length;

describe('the re-check dialog (fresh proof)', () => {
  it('opens on the API’s 403, labelled, with the focus in its field; the right password lets the change go on', async () => {
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const field = within(dialog).getByLabelText(/^Your password/);
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(field, 'wrong password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // a wrong try stays in the dialog, and nothing is sent again
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(attempts()).toBe(1);
    await userEvent.clear(field);
    await userEvent.type(field, 'right password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('changed'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(attempts()).toBe(2);
    expect(sent.find((r) => r.url === 'current-user/fresh-proof')?.body).toEqual({
      kind: 'password',
      password: 'wrong password',
    });
  });

  it('keeps Tab inside: past the last control it comes back to the first, and the other way round', async () => {
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const field = within(dialog).getByLabelText(/^Your password/);
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.tab();
    expect(field).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it('asks for the field before sending anything', async () => {
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeInTheDocument();
    expect(sent.filter((r) => r.url === 'current-user/fresh-proof')).toEqual([]);
  });

  it('offers the authenticator app when the API does, with a code field', async () => {
    kinds = ['password', 'totp'];
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const choices = within(dialog).getByRole('group', { name: 'Confirm with' });
    expect(within(choices).getByRole('radio', { name: 'Password' })).toBeChecked();
    await userEvent.click(within(choices).getByRole('radio', { name: 'Authenticator app' }));
    const code = within(dialog).getByRole('textbox', { name: /^Code from your authenticator app, or a recovery code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('changed'));
    expect(sent.find((r) => r.url === 'current-user/fresh-proof')?.body).toEqual({ kind: 'totp', code: '123456' });
  });

  it('asks only for a second factor when the API takes no password for the change, and says why', async () => {
    kinds = ['totp'];
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveTextContent('your password alone is not enough');
    expect(within(dialog).queryByLabelText(/^Your password/)).not.toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /^Code from your authenticator app/ });
    expect(code).toHaveFocus();
    await userEvent.type(code, 'k3m9q-7xw2p');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Invalid or expired code')).toBeInTheDocument();
    expect(attempts()).toBe(1);
  });

  it('with a passkey: the browser prompts for one, its answer is the proof, then the change goes on', async () => {
    kinds = ['totp', 'passkey'];
    renderWithProviders(<Change passkeys />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Passkey' }));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('changed'));
    expect(passkeyPrompts).toHaveLength(1);
    expect(sent.find((r) => r.url === 'current-user/fresh-proof')?.body).toMatchObject({
      kind: 'passkey',
      ceremony: '00000000-0000-4000-8000-00000000c0de',
      response: { id: 'my-passkey' },
    });
  });

  it('offers no passkey on a page that cannot prompt for one', async () => {
    kinds = ['totp', 'passkey'];
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Code from your authenticator app/ })).toBeInTheDocument();
  });

  it('Cancel closes it, the change is not made, and the focus goes back to the button', async () => {
    renderWithProviders(<Change />);
    const trigger = screen.getByRole('button', { name: 'Turn off' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('cancelled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(attempts()).toBe(1);
  });

  it('Escape closes it like Cancel (the dialog’s cancel event)', async () => {
    renderWithProviders(<Change />);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    // jsdom has no top layer: the browser turns Escape into this event (the browser test presses the key)
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('cancelled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
