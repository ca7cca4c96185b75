import { useEffect, useRef } from 'react';
import { Button, TextAreaField, TextField } from '@kloof/ui';
import { useContactForm } from '../hooks/use-contact-form';
import { CONTACT_LIMITS, type ContactValues } from '../validate';

/** The contact form: posts to the API, then thanks the sender. */
export function ContactForm({ initial }: { initial?: Partial<ContactValues> }) {
  const { values, errors, status, formRef, onChange, onSubmit, reset } = useContactForm(initial);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const sent = status.kind === 'sent';

  // Move focus to the outcome so screen-reader and keyboard users land on it.
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  if (status.kind === 'sent') {
    return (
      <div role="status" css={{ padding: '0.5rem 0' }}>
        <h2 ref={sentHeading} tabIndex={-1} css={{ margin: '0 0 0.75rem', fontSize: '1.5rem', outline: 'none' }}>
          Thank you, {status.name}
        </h2>
        <p css={(theme) => ({ margin: '0 0 0.5rem', color: theme.colors.textMuted })}>{status.reply}</p>
        <p css={(theme) => ({ margin: '0 0 1.5rem', color: theme.colors.textMuted })}>
          We reply to <strong>{status.email}</strong> within one working day.
        </p>
        <Button variant="secondary" onClick={reset}>
          Send another message
        </Button>
      </div>
    );
  }

  const sending = status.kind === 'sending';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" css={{ margin: '0 0 1.25rem', fontSize: '1.375rem' }}>
        Send us a message
      </h2>
      <div
        css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))' }}
      >
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={onChange}
          error={errors.name}
          disabled={sending}
        />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={onChange}
          error={errors.email}
          disabled={sending}
        />
      </div>
      <TextField
        label="Company (optional)"
        name="company"
        autoComplete="organization"
        maxLength={CONTACT_LIMITS.company}
        value={values.company}
        onChange={onChange}
        error={errors.company}
        disabled={sending}
      />
      <TextAreaField
        label="About your project"
        name="message"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        hint="What you want to build, for whom, and any deadline or budget you have in mind."
        value={values.message}
        onChange={onChange}
        error={errors.message}
        disabled={sending}
      />
      <Button type="submit" loading={sending} css={{ width: '100%', marginTop: '0.5rem' }}>
        {sending ? 'Sending…' : 'Send message'}
      </Button>
      <p css={(theme) => ({ margin: '1rem 0 0', fontSize: '0.875rem', color: theme.colors.textMuted })}>
        We use your details only to reply to you, in line with POPIA. No newsletters unless you ask.
      </p>
    </form>
  );
}
