import type { ReactNode } from 'react';
import { Form, type FormState } from '@kloof/ui';

interface Props<T extends Record<string, unknown>> {
  form: FormState<T>;
  /** The form's accessible name, e.g. "Sign in". */
  label: string;
  /** The submit button's text, and its text while the form is sending. */
  submit: string;
  sending: string;
  children: ReactNode;
}

/** A form of the auth pages: its fields, the form's message, one full-width submit button. */
export function AuthForm<T extends Record<string, unknown>>({ form, label, submit, sending, children }: Props<T>) {
  return (
    <Form form={form} aria-label={label} submit={{ label: submit, sending }}>
      {children}
    </Form>
  );
}
