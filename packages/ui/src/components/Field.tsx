/** @jsxImportSource @emotion/react */
import { useId, type ReactNode } from 'react';
import { errorStyle, hintStyle, labelStyle } from './field-styles';

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
}

interface Props extends FieldProps {
  /** Renders the control with the ids and ARIA attributes that tie it to its label and messages. */
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
    required?: boolean;
  }) => ReactNode;
}

/** Label, control, hint and error message, wired for screen readers. */
export function Field({ label, hint, error, required, children }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div css={{ marginBottom: '1rem' }}>
      <label htmlFor={id} css={labelStyle}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, required })}
      {hint ? (
        <p id={hintId} css={hintStyle}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} css={errorStyle}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
