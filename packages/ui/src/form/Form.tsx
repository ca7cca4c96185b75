/** @jsxImportSource @emotion/react */
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { FormState } from './use-form';
import { errorStyle } from '../components/field-styles';
import { SubmitButton } from '../components/SubmitButton';

type Props<T extends Record<string, unknown>> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'noValidate' | 'method' | 'action'
> & {
  form: FormState<T>;
  children: ReactNode;
  /** The form's one full-width submit button: its text, and its text while the form sends (busy then). */
  submit?: { label: string; sending: string };
  /** Other buttons or notes, shown after the form's message (and the submit button). */
  actions?: ReactNode;
  /** A heading for the form's message, e.g. "Your message was not sent". */
  errorTitle?: string;
};

/**
 * A form bound to useForm. The browser's own validation bubbles are off (noValidate): every
 * message is inline, under its field, or under the fields when no field owns it. Always
 * method="post": submitted before or without script, the browser would otherwise put every
 * field (names, e-mails, passwords) into the URL, its history and every log on the way.
 */
export function Form<T extends Record<string, unknown>>({
  form,
  children,
  submit,
  actions,
  errorTitle,
  ...rest
}: Props<T>) {
  return (
    <form {...rest} method="post" noValidate onSubmit={form.onSubmit}>
      {children}
      <FormError title={errorTitle}>{form.formError}</FormError>
      {submit ? (
        <SubmitButton sending={form.busy} sendingLabel={submit.sending}>
          {submit.label}
        </SubmitButton>
      ) : null}
      {actions}
    </form>
  );
}

/** The one look of a message about the whole form, announced by screen readers. */
export function FormError({ title, children }: { title?: string | undefined; children: string | null }) {
  if (!children) return null;
  return (
    <div role="alert" css={(theme) => [errorStyle(theme), { margin: '0.75rem 0 1rem', fontSize: '0.9375rem' }]}>
      {title ? <p css={{ margin: 0, fontWeight: 700 }}>{title}</p> : null}
      <p css={{ margin: 0 }}>{children}</p>
    </div>
  );
}
