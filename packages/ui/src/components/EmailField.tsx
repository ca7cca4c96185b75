/** @jsxImportSource @emotion/react */
import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'inputMode' | 'required'>;

/** The required e-mail address field of every form that asks for one ("E-mail address"). */
export function EmailField({ autoComplete = 'email', ...rest }: Props) {
  return (
    <TextField label="E-mail address" type="email" autoComplete={autoComplete} inputMode="email" required {...rest} />
  );
}
