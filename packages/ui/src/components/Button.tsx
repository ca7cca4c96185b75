/** @jsxImportSource @emotion/react */
import type { Theme, CSSObject } from '@emotion/react';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const buttonStyle =
  (variant: ButtonVariant, size: 'md' | 'sm') =>
  (theme: Theme): CSSObject => {
    const { colors } = theme;
    const look: Record<ButtonVariant, CSSObject> = {
      primary: { background: colors.primary, color: colors.primaryText, borderColor: colors.primary },
      secondary: { background: colors.surface, color: colors.text, borderColor: colors.border },
      danger: {
        background: colors.danger,
        color: colors.dangerText,
        borderColor: colors.danger,
      },
      ghost: { background: 'transparent', color: colors.text, borderColor: 'transparent' },
    };
    return {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '0.5rem',
      font: 'inherit',
      fontWeight: 600,
      fontSize: size === 'sm' ? '0.875rem' : '1rem',
      lineHeight: 1.25,
      padding: size === 'sm' ? '0.375rem 0.75rem' : '0.625rem 1.125rem',
      minHeight: size === 'sm' ? '2rem' : '2.75rem',
      borderRadius: '0.625rem',
      border: '1px solid',
      cursor: 'pointer',
      textDecoration: 'none',
      transition: 'filter 0.15s ease',
      '&:hover:not(:disabled)': { filter: 'brightness(1.08)' },
      '&:disabled': { opacity: 0.65, cursor: 'not-allowed' },
      ...look[variant],
    };
  };

interface CommonProps {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  children: ReactNode;
}

/** `ref` reaches the button (a plain prop in React 19), e.g. to give the focus back to it. */
type ButtonProps = CommonProps &
  ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean; ref?: Ref<HTMLButtonElement> };

/** A button; `loading` disables it and says so to screen readers. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  children,
  'aria-busy': busy,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      // A caller's own aria-busy (busy yet enabled, keeping the focus) is kept, not overwritten.
      aria-busy={loading || busy || undefined}
      css={buttonStyle(variant, size)}
    >
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', children, ...rest }: CommonProps & LinkProps) {
  return (
    <Link {...rest} css={buttonStyle(variant, size)}>
      {children}
    </Link>
  );
}
