import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toastError } from '@kloof/auth';

export type FormErrors<T> = Partial<Record<keyof T, string | null>>;

/**
 * State of one form: values, messages, and a submit that validates first, keeps the button
 * disabled while sending, and shows a failed call's server text as a toast.
 */
export function useForm<T extends Record<string, string>>(initial: T, validate: (values: T) => FormErrors<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FormErrors<T>>({});
  const [sending, setSending] = useState(false);

  function setValue(name: keyof T, value: string): void {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: null } : current));
  }

  /** Props for a TextField: name, value, change handler and its message. */
  function field(name: keyof T & string) {
    return {
      name,
      value: values[name],
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    };
  }

  function onSubmit(action: (values: T) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending) return;
      const form = event.currentTarget;
      const found = validate(values);
      setErrors(found);
      const firstInvalid = Object.keys(values).find((name) => found[name as keyof T]);
      if (firstInvalid) {
        // Focus the first field with a message, so keyboard and screen-reader users land on it.
        const control = form.elements.namedItem(firstInvalid);
        if (control instanceof HTMLElement) control.focus();
        return;
      }
      setSending(true);
      try {
        await action(values);
      } catch (error) {
        toastError(error);
      } finally {
        setSending(false);
      }
    };
  }

  return { values, errors, sending, setValue, field, onSubmit };
}
