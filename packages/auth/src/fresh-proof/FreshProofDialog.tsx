/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import {
  explainApiError,
  FRESH_PROOF_SECONDS,
  freshProofApi,
  type FreshProofBody,
  type ProofKind,
} from '@kloof/api-client';
import { DialogForm, TextField, useForm } from '@kloof/ui';
import { PASSKEY_CHOICE, proofForms, type AskForPasskey } from './proof-forms';

interface Props {
  /** The kinds the API offered, in its order; the first is asked for first (a passkey only with askForPasskey). */
  kinds: ProofKind[];
  /** The browser's passkey prompt, when the app offers passkeys. */
  askForPasskey?: AskForPasskey | undefined;
  /** The proof was accepted: the change may go on. */
  onProved: () => void;
  /** Closed (Cancel, Escape, backdrop) without a proof. */
  onCancel: () => void;
}

const minutes = Math.round(FRESH_PROOF_SECONDS / 60);

/**
 * "Confirm it's you": a modal (native <dialog>: focus stays inside, Escape closes, labelled by its
 * title) that checks the password or a code once, for this session, for a few minutes. A wrong
 * try shows its message here and leaves the session signed in.
 */
export function FreshProofDialog({ kinds, askForPasskey, onProved, onCancel }: Props) {
  const [kind, setKind] = useState<ProofKind>(kinds[0] ?? 'password');
  const typed = kind === 'passkey' ? null : proofForms[kind];
  const form = useForm({
    initial: { secret: '' },
    validate: ({ secret }) => ({ secret: !typed || secret.trim() ? null : typed.missing }),
    explain: explainApiError,
    submit: async ({ secret }) => {
      await freshProofApi.prove(typed ? typed.body(secret) : await passkeyProof(askForPasskey));
      onProved();
    },
  });
  const choose = (next: ProofKind) => {
    setKind(next);
    form.reset();
  };

  return (
    <DialogForm
      title="Confirm it’s you"
      form={form}
      submitLabel={typed ? 'Confirm' : 'Use a passkey'}
      onCancel={onCancel}
      size="sm"
    >
      <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
        This change protects your account, so we check it is you.
        {kinds.includes('password')
          ? ''
          : ' It takes a second factor away, so your password alone is not enough: use your authenticator app, a recovery code or a passkey.'}{' '}
        You will not be asked again for {minutes} minutes on this device.
      </p>
      {kinds.length > 1 && (
        <fieldset css={{ border: 0, margin: '0 0 0.75rem', padding: 0, minWidth: 0 }}>
          <legend css={{ fontWeight: 600, marginBottom: '0.375rem' }}>Confirm with</legend>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1.25rem' }}>
            {kinds.map((k) => (
              <label key={k} css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center', cursor: 'pointer' }}>
                <input
                  type="radio"
                  name="proof-kind"
                  value={k}
                  checked={k === kind}
                  onChange={() => choose(k)}
                  css={{ width: '1.125rem', height: '1.125rem' }}
                />
                {k === 'passkey' ? PASSKEY_CHOICE : proofForms[k].choice}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {/* keyed by kind: a new field, so a password is never left in the code field (or the other way round) */}
      {typed ? (
        <TextField key={kind} label={typed.label} required autoFocus {...typed.input} {...form.field('secret')} />
      ) : (
        <p css={{ margin: 0 }}>Your browser asks for one of your passkeys.</p>
      )}
    </DialogForm>
  );
}

/** A proof with one of the account's passkeys: options for this session, the browser's prompt, its answer. */
async function passkeyProof(askForPasskey: AskForPasskey | undefined): Promise<FreshProofBody> {
  if (!askForPasskey) throw new Error('This page cannot use passkeys. Choose another way to confirm it is you.');
  const start = await freshProofApi.startPasskey();
  return { kind: 'passkey', ceremony: start.ceremony, response: await askForPasskey(start) };
}
