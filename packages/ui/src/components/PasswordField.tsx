/** @jsxImportSource @emotion/react */
import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'required' | 'autoComplete'> & {
  /** A password being chosen (password managers offer to generate and save it), not one being typed in. */
  isNew?: boolean;
};

/** A required password field; password managers fill or save it by its autocomplete kind. */
export function PasswordField({ isNew = false, ...rest }: Props) {
  return <TextField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} required {...rest} />;
}
