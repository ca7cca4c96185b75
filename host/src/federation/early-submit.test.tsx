import { afterEach, describe, expect, it } from '@jest/globals';
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { APP_READY_ATTRIBUTE, sendEarlySubmit } from './early-submit';

/** A controlled sign-in form that records what its submit handler saw. */
function SignIn({ onSend }: { onSend: (email: string) => void }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(email);
      }}
    >
      <input aria-label="E-mail address" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="submit">Sign in</button>
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
});

describe('text typed into prerendered HTML before hydration', () => {
  it('reaches the form state once the page is ready, so sending it sends what is on screen', async () => {
    const sent: string[] = [];
    const root = document.createElement('div');
    root.id = 'root';
    // What the server renders for it (react-dom/server does not run in this test environment).
    root.innerHTML = '<form><input aria-label="E-mail address" value=""/><button type="submit">Sign in</button></form>';
    document.body.append(root);
    // Typed while the app's code was still on its way.
    root.querySelector('input')!.value = 'ada@example.com';
    await act(async () => {
      hydrateRoot(root, <SignIn onSend={(email) => sent.push(email)} />);
    });
    await act(async () => sendEarlySubmit());
    expect(root.querySelector('input')!.value).toBe('ada@example.com');
    await act(async () => root.querySelector('button')!.click());
    expect(sent).toEqual(['ada@example.com']);
  });
});
