import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { isFreshProofRequired, proofKindsOf, type ProofKind } from '@kloof/api-client';
import type { AskForPasskey } from './proof-forms';

// Loaded the first time a change asks for a proof: @kloof/auth is in every first load, the dialog is not.
const FreshProofDialog = lazy(async () => ({ default: (await import('./FreshProofDialog')).FreshProofDialog }));

/** What an action that needed a fresh proof throws when the user closed the check instead. */
export class ProofCancelled extends Error {
  constructor() {
    super('Nothing was changed: the check that it is you was closed.');
    this.name = 'ProofCancelled';
  }
}

export const isProofCancelled = (error: unknown): error is ProofCancelled => error instanceof ProofCancelled;

interface Pending {
  kinds: ProofKind[];
  settle: (proved: boolean) => void;
}

/**
 * Runs a change that may need a fresh proof: when the API answers "confirm it is you" (403), the
 * re-check dialog opens, and once the password, code or passkey is accepted the change is sent
 * again (once). Closing the dialog rejects with ProofCancelled. Render `proofDialog` where the
 * caller is. A passkey is offered only to a caller that gives `askForPasskey` (its WebAuthn library).
 */
export function useFreshProof({ askForPasskey }: { askForPasskey?: AskForPasskey } = {}): {
  withFreshProof: <T>(action: () => Promise<T>) => Promise<T>;
  proofDialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const withFreshProof = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isFreshProofRequired(error)) throw error;
        const kinds = proofKindsOf(error).filter((kind) => kind !== 'passkey' || askForPasskey);
        if (kinds.length === 0) throw error; // nothing this page can ask for: the API's words say what is needed
        const proved = await new Promise<boolean>((settle) => {
          current.current?.settle(false); // one check at a time: an older one is given up
          const next = { kinds, settle };
          current.current = next;
          setPending(next);
        });
        if (!proved) throw new ProofCancelled();
        return action();
      }
    },
    [askForPasskey],
  );

  const close = (proved: boolean) => {
    const done = current.current;
    current.current = null;
    setPending(null);
    done?.settle(proved);
  };

  const proofDialog = pending ? (
    <Suspense fallback={null}>
      <FreshProofDialog
        kinds={pending.kinds}
        askForPasskey={askForPasskey}
        onProved={() => close(true)}
        onCancel={() => close(false)}
      />
    </Suspense>
  ) : null;
  return { withFreshProof, proofDialog };
}
