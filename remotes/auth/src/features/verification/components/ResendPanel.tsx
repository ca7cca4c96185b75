import { useState } from 'react';
import { authApi, explainApiError } from '@kloof/api-client';
import { Button, EmailField, Form, toast, useForm } from '@kloof/ui';
import { rules } from '../../forms/validation';

interface Props {
  /** The signed-in user's address: not typed, only shown. */
  email?: string;
  initialEmail?: string;
  /** Called with the address once the code is on its way, so the page can move on to entering it. */
  onSent: (email: string) => void;
}

/** Sends a new verification code: to the signed-in user's address, or to one the visitor types. */
export function ResendPanel({ email: fixedEmail, initialEmail = '', onSent }: Props) {
  // Before the click the code is still to be sent; after it, it was sent.
  const [sentOnce, setSentOnce] = useState(false);
  const form = useForm({
    initial: { email: fixedEmail ?? initialEmail },
    validate: (values) => ({ email: rules.email(values.email) }),
    explain: explainApiError,
    submit: async ({ email }) => {
      const { message } = await authApi.resendConfirmation(email.trim());
      toast.success(message);
      setSentOnce(true);
      onSent(email.trim());
    },
  });

  return (
    <Form
      form={form}
      aria-label="Send a new verification code"
      css={{ marginBottom: '1.5rem' }}
      actions={
        <Button type="submit" variant="secondary" loading={form.busy} css={{ width: '100%' }}>
          {form.busy ? 'Sending…' : 'Send a new code'}
        </Button>
      }
    >
      {fixedEmail ? (
        <p css={{ margin: '0 0 1rem' }}>
          {sentOnce ? 'We sent the code to ' : 'We will send the code to '}
          <strong>{fixedEmail}</strong>.
        </p>
      ) : (
        <EmailField {...form.field('email')} />
      )}
    </Form>
  );
}
