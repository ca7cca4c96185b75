import type { Ref } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { brand, plainList, visuallyHidden } from '@kloof/ui';
import { isActive, type SidebarItem } from './sidebar-items';
import { shellMetrics } from './shell-metrics';

interface Props {
  id: string;
  ref?: Ref<HTMLElement>;
  groups: readonly { label: string; items: readonly SidebarItem[] }[];
  /** Desktop only: icons with tooltip titles, 5rem wide, footer block hidden. */
  collapsed: boolean;
  /** Mobile only: slid in over the content. */
  mobileOpen: boolean;
  onNavigate: () => void;
}

const { sidebarCollapsed, sidebarExpanded, transition, desktop, mobile, headerHeight } = shellMetrics;

/** The shell's sidebar: grouped links with icons, highlighted by path prefix, and the footer block. */
export function Sidebar({ id, ref, groups, collapsed, mobileOpen, onNavigate }: Props) {
  const { pathname } = useLocation();
  return (
    <aside
      id={id}
      ref={ref}
      data-collapsed={collapsed}
      data-open={mobileOpen}
      data-testid="sidebar"
      css={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        flexShrink: 0,
        background: theme.colors.surface,
        borderRight: `1px solid ${theme.colors.border}`,
        overflowX: 'hidden',
        overflowY: 'auto',
        [desktop]: {
          position: 'sticky',
          top: headerHeight,
          height: `calc(100vh - ${headerHeight})`,
          width: collapsed ? sidebarCollapsed : sidebarExpanded,
          transition: `width ${transition} ease`,
        },
        // Mobile: off-canvas; hidden (also from keyboard and screen readers) until opened.
        [mobile]: {
          position: 'fixed',
          zIndex: 40,
          top: headerHeight,
          bottom: 0,
          left: 0,
          width: sidebarExpanded,
          maxWidth: '85vw',
          transform: mobileOpen ? 'none' : 'translateX(-100%)',
          visibility: mobileOpen ? 'visible' : 'hidden',
          transition: mobileOpen
            ? `transform ${transition} ease, visibility 0s`
            : `transform ${transition} ease, visibility 0s linear ${transition}`,
          boxShadow: mobileOpen ? '0 10px 40px rgba(0, 0, 0, 0.25)' : 'none',
        },
      })}
    >
      <nav aria-label="Client area" css={{ flex: 1, padding: '1rem 0.75rem' }}>
        {groups.map((group) => (
          <div key={group.label} css={{ '& + &': { marginTop: '1.25rem' } }}>
            <p
              css={(theme) => ({
                margin: '0 0 0.5rem',
                padding: '0 0.75rem',
                fontSize: '0.75rem',
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                color: theme.colors.textMuted,
                whiteSpace: 'nowrap',
                [desktop]: collapsed ? { visibility: 'hidden', height: '0.5rem', overflow: 'hidden' } : {},
              })}
            >
              {group.label}
            </p>
            <ul css={{ ...plainList, display: 'grid', gap: '0.25rem' }}>
              {group.items.map((item) => (
                <li key={item.link}>
                  <SidebarLink
                    item={item}
                    active={isActive(pathname, item)}
                    collapsed={collapsed}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div
        data-testid="sidebar-footer"
        css={(theme) => ({
          padding: '1rem 1.5rem',
          borderTop: `1px solid ${theme.colors.border}`,
          fontSize: '0.8125rem',
          lineHeight: 1.4,
          whiteSpace: 'nowrap',
          [desktop]: collapsed ? { display: 'none' } : {},
        })}
      >
        <p css={{ margin: 0, fontWeight: 700 }}>{brand.productName}</p>
        <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{brand.clientAreaLabel}</p>
      </div>
    </aside>
  );
}

function SidebarLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: SidebarItem;
  active: boolean;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const Icon = item.icon;
  return (
    <Link
      to={item.link}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? item.label : undefined}
      data-active={active}
      css={(theme) => ({
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: '0.75rem',
        minHeight: '2.75rem',
        padding: '0.5rem 0.75rem',
        borderRadius: '0.625rem',
        color: active ? theme.colors.primary : theme.colors.text,
        background: active ? theme.colors.surfaceMuted : 'transparent',
        fontWeight: active ? 700 : 500,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        '&:hover': { background: theme.colors.surfaceMuted },
        '&::before': active
          ? {
              content: '""',
              position: 'absolute',
              left: 0,
              top: '0.5rem',
              bottom: '0.5rem',
              width: '3px',
              borderRadius: '3px',
              background: theme.colors.primary,
            }
          : {},
        [desktop]: collapsed ? { justifyContent: 'center', padding: '0.5rem' } : {},
      })}
    >
      <Icon aria-hidden="true" size={20} strokeWidth={2} css={{ flexShrink: 0 }} />
      <span css={collapsed ? { [desktop]: visuallyHidden } : undefined}>{item.label}</span>
    </Link>
  );
}
