import { useState } from 'react';
import { errorMessage } from '@kloof/api-client';

/**
 * One passkey step of a sign-in (the browser's prompt, then the API): busy while it runs, and
 * afterwards what went wrong in words (cancelled, timed out, refused), for a role="alert".
 */
export function usePasskeyStep(step: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run: () => void run() };
}
