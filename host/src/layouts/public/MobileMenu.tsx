import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import { keyframes } from '@emotion/react';
import { iconBox, LineIcon, media } from '@kloof/ui';
import { AccountLinks } from './AccountLinks';
import { NavLinks } from './NavLinks';
import { HEADER_HEIGHT, TOGGLE_SIZE } from './layout-metrics';

export const MOBILE_MENU_ID = 'mobile-menu';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.5rem)' },
  to: { opacity: 1, transform: 'none' },
});

/**
 * The menu button of small screens; its state is announced with aria-expanded. Plain HTML first:
 * a link to the panel, which opens it by CSS (:target) before hydration or without JavaScript.
 * Hydrated, it acts as a button (click, Enter, Space) and React keeps the panel's state.
 */
export function MobileMenuToggle({
  open,
  onToggle,
  buttonRef,
}: {
  open: boolean;
  onToggle: () => void;
  buttonRef: RefObject<HTMLAnchorElement | null>;
}) {
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    onToggle();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // A link answers Enter by itself; a button also answers Space.
    if (event.key !== ' ') return;
    event.preventDefault();
    onToggle();
  };
  return (
    <a
      ref={buttonRef}
      href={`#${MOBILE_MENU_ID}`}
      role="button"
      aria-expanded={open}
      aria-controls={MOBILE_MENU_ID}
      aria-label="Menu"
      onClick={onClick}
      onKeyDown={onKeyDown}
      css={(theme) => ({
        ...iconBox(TOGGLE_SIZE, '0.625rem'),
        border: `1px solid ${theme.colors.border}`,
        background: open ? theme.colors.surfaceMuted : 'transparent',
        color: theme.colors.text,
        cursor: 'pointer',
        [media.lg]: { display: 'none' },
      })}
    >
      <LineIcon strokeLinecap="round">
        {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </LineIcon>
    </a>
  );
}

/**
 * The panel under the header on small screens: site links, then account links. Until React has
 * taken it over (`enhanced`), the URL's #mobile-menu opens it: the no-JavaScript menu.
 */
export function MobileMenuPanel({
  open,
  enhanced,
  onNavigate,
}: {
  open: boolean;
  enhanced: boolean;
  onNavigate: () => void;
}) {
  return (
    <div
      id={MOBILE_MENU_ID}
      hidden={!open}
      data-enhanced={enhanced || undefined}
      css={(theme) => ({
        position: 'absolute',
        insetInline: 0,
        top: '100%',
        maxHeight: `calc(100dvh - ${HEADER_HEIGHT})`,
        overflowY: 'auto',
        padding: '0.75rem 1.25rem 1.5rem',
        background: theme.colors.background,
        borderBottom: `1px solid ${theme.colors.border}`,
        boxShadow: '0 16px 32px -16px rgba(15, 23, 42, 0.35)',
        animation: `${slideIn} 0.18s ease-out`,
        '&:target:not([data-enhanced])': { display: 'block' },
        [media.lg]: { display: 'none' },
      })}
    >
      <nav aria-label="Main menu">
        <NavLinks stacked onNavigate={onNavigate} />
      </nav>
      <div css={(theme) => ({ marginTop: '1rem', paddingTop: '1rem', borderTop: `1px solid ${theme.colors.border}` })}>
        <AccountLinks stacked onNavigate={onNavigate} />
      </div>
    </div>
  );
}
