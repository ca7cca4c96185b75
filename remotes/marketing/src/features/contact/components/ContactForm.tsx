import { useEffect, useRef } from 'react';
import { Button, EmailField, Form, TextAreaField, TextField } from '@kloof/ui';
import { useContactForm } from '../hooks/use-contact-form';
import { CONTACT_LIMITS, type ContactValues } from '../validate';
import { CONTACT_FORM_ID, FormNeedsJavaScript } from './FormNeedsJavaScript';

/** The contact form: posts to the API, then thanks the sender. */
export function ContactForm({ initial }: { initial?: Partial<ContactValues> }) {
  const { form, sent, another } = useContactForm(initial);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  // Move focus to the outcome so screen-reader and keyboard users land on it.
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div role="status" css={{ padding: '0.5rem 0' }}>
        <h2 ref={sentHeading} tabIndex={-1} css={{ margin: '0 0 0.75rem', fontSize: '1.5rem', outline: 'none' }}>
          Thank you, {sent.name}
        </h2>
        {/* The heading thanks them; the API's reply ('Thank you for your message…') would say it twice. */}
        <p css={(theme) => ({ margin: '0 0 1.5rem', color: theme.colors.textMuted })}>
          Your message is with us. We reply to <strong>{sent.email}</strong> within one working day.
        </p>
        <Button variant="secondary" onClick={another}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <>
      <FormNeedsJavaScript />
      <Form
        id={CONTACT_FORM_ID}
        form={form}
        aria-labelledby="contact-form-title"
        errorTitle="Your message was not sent"
        submit={{ label: 'Send message', sending: 'Sending…' }}
        actions={
          <p css={(theme) => ({ margin: '1rem 0 0', fontSize: '0.875rem', color: theme.colors.textMuted })}>
            We use your details only to reply to you, in line with POPIA. No newsletters unless you ask.
          </p>
        }
      >
        <h2 id="contact-form-title" css={{ margin: '0 0 1.25rem', fontSize: '1.375rem' }}>
          Send us a message
        </h2>
        <div
          css={{
            display: 'grid',
            gap: '0 1rem',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
          }}
        >
          <TextField
            label="Your name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            disabled={form.busy}
            {...form.field('name')}
          />
          <EmailField disabled={form.busy} {...form.field('email')} />
        </div>
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          maxLength={CONTACT_LIMITS.company}
          disabled={form.busy}
          {...form.field('company')}
        />
        <TextAreaField
          label="About your project"
          required
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          hint="What you want to build, for whom, and any deadline or budget you have in mind."
          disabled={form.busy}
          {...form.field('message')}
        />
      </Form>
    </>
  );
}
