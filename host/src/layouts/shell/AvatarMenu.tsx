import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { CreditCard, LogOut, UserRound } from 'lucide-react';
import { avatarLetter } from './avatar-letter';
import { iconBox, panel } from '@kloof/ui';

/** The avatar menu's entries: Profile, Billing, Log out. */
export const avatarMenuItems = [
  { link: '/user/profile', label: 'Profile', icon: UserRound },
  { link: '/billing', label: 'Billing', icon: CreditCard },
  { link: '/user/logout', label: 'Log out', icon: LogOut },
] as const;

const menuItemsOf = (menu: HTMLElement | null): HTMLElement[] =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

interface Props {
  username: string | null | undefined;
  /** The user is not loaded yet: a blank avatar, not a 'U' that changes a moment later. */
  pending?: boolean;
  email: string | null | undefined;
}

/**
 * Menu button pattern (WAI-ARIA APG): the button opens a role=menu; arrows, Home and End move
 * between items, Escape closes and returns focus to the button, Tab or a click outside closes.
 */
export function AvatarMenu({ username, email, pending = false }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const letter = avatarLetter(username);

  const close = (returnFocus: boolean): void => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuItemsOf(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const list = menuItemsOf(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number): void => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div css={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${username || 'your account'}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
        css={(theme) => ({
          ...iconBox('2.5rem', '999px'),
          border: `2px solid ${open ? theme.colors.primary : 'transparent'}`,
          background: pending ? theme.colors.surfaceMuted : theme.colors.primary,
          color: theme.colors.primaryText,
          font: 'inherit',
          fontWeight: 700,
          fontSize: '1.05rem',
          cursor: 'pointer',
          boxShadow: `0 0 0 2px ${theme.colors.background}`,
        })}
      >
        <span data-testid="avatar-letter" aria-hidden="true">
          {pending ? '' : letter}
        </span>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          css={(theme) => ({
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 0.5rem)',
            zIndex: 60,
            minWidth: '14rem',
            padding: '0.375rem',
            ...panel(theme, theme.colors.background, '0.75rem'),
            boxShadow: '0 12px 32px rgba(15, 23, 42, 0.18)',
          })}
        >
          <div
            role="presentation"
            css={(theme) => ({
              padding: '0.5rem 0.75rem 0.625rem',
              marginBottom: '0.25rem',
              borderBottom: `1px solid ${theme.colors.border}`,
              lineHeight: 1.35,
            })}
          >
            <p css={{ margin: 0, fontWeight: 700 }}>{username || 'Signed in'}</p>
            {email ? (
              <p
                css={(theme) => ({
                  margin: 0,
                  fontSize: '0.8125rem',
                  color: theme.colors.textMuted,
                  overflowWrap: 'anywhere',
                })}
              >
                {email}
              </p>
            ) : null}
          </div>
          {avatarMenuItems.map(({ link, label, icon: Icon }) => (
            <Link
              key={link}
              to={link}
              role="menuitem"
              tabIndex={-1}
              onClick={() => close(false)}
              css={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: '0.625rem',
                padding: '0.5rem 0.75rem',
                borderRadius: '0.5rem',
                color: theme.colors.text,
                textDecoration: 'none',
                '&:hover, &:focus-visible': { background: theme.colors.surfaceMuted },
                '&:focus-visible': { outlineOffset: '-2px' },
              })}
            >
              <Icon aria-hidden="true" size={18} />
              {label}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
