import type { ComponentProps } from 'react';
import { TextField } from '@kloof/ui';

type Props = Omit<ComponentProps<typeof TextField>, 'autoComplete' | 'inputMode' | 'required' | 'hint'> & {
  /** How many digits the mailed code has. */
  length: number;
};

/** The one-time code from an e-mail (verification or password reset). */
export function CodeField({ length, ...rest }: Props) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      hint={`The ${length}-digit code from the e-mail`}
      {...rest}
    />
  );
}
