import { useState } from 'react';
import { contactApi, explainApiError } from '@kloof/api-client';
import { useForm } from '@kloof/ui';
import { contactPayload, validateContact, type ContactValues } from '../validate';

export interface Sent {
  name: string;
  email: string;
  reply: string;
}

const empty: ContactValues = { name: '', email: '', company: '', message: '' };

/**
 * The contact form on the one form primitive (field messages, busy submit, the failure inline),
 * plus the success state: who sent it and the API's reply.
 */
export function useContactForm(initial: Partial<ContactValues> = {}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useForm<ContactValues>({
    initial: { ...empty, ...initial },
    validate: validateContact,
    explain: explainApiError,
    submit: async (values) => {
      const { message } = await contactApi.send(contactPayload(values));
      setSent({ name: values.name.trim(), email: values.email.trim(), reply: message });
      form.reset(empty);
    },
  });
  return { form, sent, another: () => setSent(null) };
}
