/** @jsxImportSource @emotion/react */
import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';
import { controlStyle } from './field-styles';

interface Option {
  value: string;
  label: string;
}

type Props = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options: readonly Option[] };

/** A labelled native select. */
export function SelectField({ label, hint, error, required, options, ...select }: Props) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select {...select} {...control} css={controlStyle(Boolean(error))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
