/** @jsxImportSource @emotion/react */
import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';
import { controlStyle } from './field-styles';

type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled text input (text, email, password, tel, url, search, number). */
export function TextField({ label, hint, error, required, ...input }: Props) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => <input {...input} {...control} css={controlStyle(Boolean(error))} />}
    </Field>
  );
}
