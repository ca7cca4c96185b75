import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@kloof/ui';
import { contactApi, errorMessage } from '@kloof/api-client';
import { contactPayload, validateContact, type ContactErrors, type ContactValues } from '../validate';

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; name: string; email: string; reply: string };

const empty: ContactValues = { name: '', email: '', company: '', message: '' };

/**
 * State of the contact form: values, field errors (shown after the first attempt to send and
 * updated as the user fixes them), sending (submit disabled), sent (success state), and a toast
 * when the API refuses or cannot be reached.
 */
export function useContactForm(initial: Partial<ContactValues> = {}) {
  const [values, setValues] = useState<ContactValues>({ ...empty, ...initial });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const field = event.target.name as keyof ContactValues;
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      // Once a field shows an error, re-check it as the user types so the message goes away when fixed.
      if (errors[field]) setErrors({ ...errors, [field]: validateContact(next)[field] });
    },
    [values, errors],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (status.kind === 'sending') return;
      const found = validateContact(values);
      setErrors(found);
      const firstInvalid = (Object.keys(values) as (keyof ContactValues)[]).find((field) => found[field]);
      if (firstInvalid) {
        formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      setStatus({ kind: 'sending' });
      try {
        const { message } = await contactApi.send(contactPayload(values));
        setStatus({ kind: 'sent', name: values.name.trim(), email: values.email.trim(), reply: message });
        setValues(empty);
      } catch (error) {
        setStatus({ kind: 'editing' });
        toast.error('Your message was not sent', { description: errorMessage(error) });
      }
    },
    [status.kind, values],
  );

  const reset = useCallback(() => {
    setErrors({});
    setStatus({ kind: 'editing' });
  }, []);

  return { values, errors, status, formRef, onChange, onSubmit, reset };
}
