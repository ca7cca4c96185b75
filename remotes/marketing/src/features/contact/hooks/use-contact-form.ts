import { useState } from 'react';
import { contactApi, explainApiError } from '@kloof/api-client';
import { useForm } from '@kloof/ui';
import { contactPayload, validateContact, type ContactValues } from '../validate';

export interface Sent {
  name: string;
  email: string;
}

const empty: ContactValues = { name: '', email: '', company: '', message: '' };

/**
 * The contact form on the one form primitive (field messages, busy submit, the failure inline),
 * plus the success state: who sent it (the page thanks them in its own words, not the API's reply).
 */
export function useContactForm(initial: Partial<ContactValues> = {}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const form = useForm<ContactValues>({
    initial: { ...empty, ...initial },
    validate: validateContact,
    explain: explainApiError,
    submit: async (values) => {
      await contactApi.send(contactPayload(values));
      setSent({ name: values.name.trim(), email: values.email.trim() });
      form.reset(empty);
    },
  });
  return { form, sent, another: () => setSent(null) };
}
