/** @jsxImportSource @emotion/react */
import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './Field';
import { controlStyle } from './field-styles';

/** `ref` reaches the input (a plain prop in React 19), e.g. to focus it from the page. */
type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled text input (text, email, password, tel, url, search, number). */
export function TextField({ label, hint, error, required, ...input }: Props) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => <input {...input} {...control} css={controlStyle(Boolean(error))} />}
    </Field>
  );
}
