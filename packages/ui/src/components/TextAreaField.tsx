/** @jsxImportSource @emotion/react */
import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';
import { controlStyle } from './field-styles';

type Props = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line text input. */
export function TextAreaField({ label, hint, error, required, rows = 5, ...textarea }: Props) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <textarea {...textarea} rows={rows} {...control} css={[controlStyle(Boolean(error)), { resize: 'vertical' }]} />
      )}
    </Field>
  );
}
