import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** A message per field; null or missing means the field is fine. */
export type FieldErrors<T> = Partial<Record<keyof T, string | null>>;

/** What went wrong with a submit, in words for the user; `field` ties it to one control. */
export interface Failure {
  field?: string;
  message: string;
}

export interface FormOptions<T extends Record<string, unknown>> {
  initial: T;
  /** Checks the values before sending; returns a human message per field that is wrong. */
  validate?: (values: T) => FieldErrors<T>;
  /** Sends the values; a thrown error becomes a field or form message through `explain`. */
  submit: (values: T) => Promise<void> | void;
  /** Turns a thrown error into words for the user (e.g. the API client's explainApiError). */
  explain?: (error: unknown) => Failure;
}

const fallbackExplain = (error: unknown): Failure => ({
  message: error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.',
});

function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The state of one form: values, field messages, one form-level message and a busy flag. Submit
 * validates first (focusing the first field with a message), ignores clicks while sending, and
 * turns a failure into a message on its field, or on the form when no field owns it. A field that
 * shows a message is checked again as the user types, so the message goes away once fixed.
 */
export function useForm<T extends Record<string, unknown>>({
  initial,
  validate,
  submit,
  explain = fallbackExplain,
}: FormOptions<T>) {
  const [values, setValues] = useState<T>(initial);
  // The newest values, also between renders: two changes in one event (e.g. a select that
  // clears another) must both land.
  const latest = useRef(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref as well as state: a second click in the same frame must not send twice.
  const sending = useRef(false);
  // The field a failure is about: focused once the form is enabled again (controls may be disabled while busy).
  const focusNext = useRef<HTMLElement | null>(null);
  // The submit button, given the focus back if it was lost while the form was disabled (the
  // browser drops focus to the page when a focused button is disabled), e.g. after a dialog.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    const target = focusNext.current ?? (lost ? returnTo.current : null);
    focusNext.current = null;
    returnTo.current = null;
    if (target?.isConnected) target.focus();
  }, [busy, errors]);

  function setValue<K extends keyof T>(name: K, value: T[K]): void {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    setErrors((shown) => (shown[name] ? { ...shown, [name]: validate?.(next)[name] ?? null } : shown));
  }

  /** Props for a TextField, TextAreaField or SelectField bound to one string value. */
  function field<K extends keyof T & string>(name: K) {
    return {
      name,
      value: values[name] as string,
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value as T[K]),
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const current = latest.current;
    const found: FieldErrors<T> = validate?.(current) ?? {};
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) {
      // Focus the first field with a message, so keyboard and screen-reader users land on it.
      const first = Object.keys(current).find((name) => found[name as keyof T]);
      const control = first ? form.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    sending.current = true;
    returnTo.current = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    setBusy(true);
    try {
      await submit(current);
    } catch (error) {
      const failure = explain(error);
      if (failure.field && failure.field in current) {
        setErrors((shown) => ({ ...shown, [failure.field as keyof T]: failure.message }));
        const control = form.elements.namedItem(failure.field);
        if (control instanceof HTMLElement) focusNext.current = control;
      } else {
        setFormError(failure.message);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  /** Back to the given (or first) values with no messages, e.g. after a saved change. */
  function reset(next: T = initial): void {
    latest.current = next;
    setValues(next);
    setErrors({});
    setFormError(null);
  }

  return {
    values,
    errors,
    formError,
    busy,
    setValue,
    field,
    reset,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}

export type FormState<T extends Record<string, unknown>> = ReturnType<typeof useForm<T>>;
