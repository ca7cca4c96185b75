import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { Theme } from '@emotion/react';
import { brand, iconBox, LogoMark, ThemeToggle } from '@kloof/ui';
import { AvatarMenu } from './AvatarMenu';
import { shellMetrics } from './shell-metrics';

interface Props {
  sidebarId: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onToggleMobile: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
  username: string | null | undefined;
  email: string | null | undefined;
  /** The user is still being loaded. */
  pending: boolean;
}

const iconButton = (theme: Theme) => ({
  ...iconBox('2.5rem', '0.625rem'),
  flexShrink: 0,
  border: `1px solid ${theme.colors.border}`,
  background: 'transparent',
  color: theme.colors.text,
  cursor: 'pointer',
  '&:hover': { background: theme.colors.surfaceMuted },
});

/** Phones narrower than 360 px (the 320 px ones). */
const NARROW = '@media (max-width: 359.98px)';

/** The shell's top bar: sidebar toggles, product name (links to /), theme toggle, avatar menu. */
export function TopBar({
  sidebarId,
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onToggleMobile,
  menuButtonRef,
  username,
  email,
  pending,
}: Props) {
  return (
    <header
      css={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 50,
        height: shellMetrics.headerHeight,
        display: 'flex',
        alignItems: 'center',
        gap: '0.5rem',
        padding: '0 0.75rem',
        background: theme.colors.background,
        [shellMetrics.desktop]: { gap: '0.75rem', padding: '0 1rem' },
        // A 320 px phone: tighter spacing, so the whole name fits beside the three buttons.
        [NARROW]: { gap: '0.375rem', padding: '0 0.5rem' },
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      <button
        type="button"
        ref={menuButtonRef}
        onClick={onToggleMobile}
        aria-controls={sidebarId}
        aria-expanded={mobileOpen}
        aria-label={mobileOpen ? 'Close navigation' : 'Open navigation'}
        css={(theme) => ({
          ...iconButton(theme),
          [shellMetrics.desktop]: { display: 'none' },
          [NARROW]: { width: '2.25rem', height: '2.25rem' },
        })}
      >
        {mobileOpen ? <X aria-hidden="true" size={20} /> : <Menu aria-hidden="true" size={20} />}
      </button>
      <button
        type="button"
        onClick={onToggleCollapsed}
        aria-controls={sidebarId}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        css={(theme) => ({ ...iconButton(theme), [shellMetrics.mobile]: { display: 'none' } })}
      >
        {collapsed ? <PanelLeftOpen aria-hidden="true" size={20} /> : <PanelLeftClose aria-hidden="true" size={20} />}
      </button>
      <Link
        to="/"
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '0.5rem',
          fontWeight: 800,
          fontSize: '1rem',
          [shellMetrics.desktop]: { fontSize: '1.125rem' },
          letterSpacing: '-0.01em',
          color: theme.colors.text,
          textDecoration: 'none',
          whiteSpace: 'nowrap',
          [NARROW]: { fontSize: '0.875rem', gap: '0.375rem', letterSpacing: '-0.02em' },
          // Narrower still than any phone: the name gives way (ellipsis) so the buttons stay on screen.
          minWidth: 0,
          '& > svg': { flexShrink: 0 },
        })}
      >
        <LogoMark size={26} />
        <span css={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{brand.productName}</span>
      </Link>
      <div css={{ flex: 1, minWidth: 0 }} />
      {/* Wrapped so the fixed-size buttons never shrink on a narrow phone. */}
      <div css={{ display: 'flex', alignItems: 'center', gap: '0.5rem', flexShrink: 0, [NARROW]: { gap: '0.375rem' } }}>
        <ThemeToggle />
        <AvatarMenu username={username} email={email} pending={pending} />
      </div>
    </header>
  );
}
