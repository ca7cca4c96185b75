/** @jsxImportSource @emotion/react */
import { useState } from 'react';
import { explainApiError, FRESH_PROOF_SECONDS, freshProofApi, type ProofKind } from '@kloof/api-client';
import { DialogForm, TextField, useForm } from '@kloof/ui';
import { proofForms } from './proof-forms';

interface Props {
  /** The kinds the API offered, in its order; the first is asked for first. */
  kinds: ProofKind[];
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
export function FreshProofDialog({ kinds, onProved, onCancel }: Props) {
  const [kind, setKind] = useState<ProofKind>(kinds[0] ?? 'password');
  const ask = proofForms[kind];
  const form = useForm({
    initial: { secret: '' },
    validate: ({ secret }) => ({ secret: secret.trim() ? null : ask.missing }),
    explain: explainApiError,
    submit: async ({ secret }) => {
      await freshProofApi.prove(ask.body(secret));
      onProved();
    },
  });
  const choose = (next: ProofKind) => {
    setKind(next);
    form.reset();
  };

  return (
    <DialogForm title="Confirm it’s you" form={form} submitLabel="Confirm" onCancel={onCancel} size="sm">
      <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
        This change protects your account, so we check it is you. You will not be asked again for {minutes} minutes on
        this device.
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
                {proofForms[k].choice}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {/* keyed by kind: a new field, so a password is never left in the code field (or the other way round) */}
      <TextField key={kind} label={ask.label} required autoFocus {...ask.input} {...form.field('secret')} />
    </DialogForm>
  );
}
