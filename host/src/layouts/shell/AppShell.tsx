import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAuth, useSystemUser } from '@kloof/auth';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { clientItems, managementItems } from './sidebar-items';
import { shellMetrics } from './shell-metrics';
import { SHELL_ROOT_FONT_SIZE, useRootFontSize } from './use-root-font-size';
import { useCollapsedSidebar } from './use-collapsed-sidebar';
import { useIdlePrefetch } from './idle-prefetch';
import { keepTabWithin } from './drawer-focus';

/** The signed-in app shell: top bar, collapsible / slide-in sidebar, content. */
export function AppShell() {
  useRootFontSize(SHELL_ROOT_FONT_SIZE);
  const session = useAuth();
  const { user } = session;
  const { pathname } = useLocation();
  const [collapsed, toggleCollapsed] = useCollapsedSidebar();
  // The mobile sidebar is open on the path where it was opened: a new page closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const mobileOpen = openedOn === pathname;
  const setMobileOpen = (open: boolean): void => setOpenedOn(open ? pathname : null);
  const sidebarId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const systemUser = useSystemUser();

  const management = managementItems(session, systemUser);
  const groups = [{ label: 'Client area', items: clientItems }];
  if (management.length > 0) groups.push({ label: 'Management', items: management });
  // The next remote is likely one of these: downloaded while idle, a switch shows it at once.
  useIdlePrefetch([...clientItems, ...management], session);

  // While the mobile sidebar is open: focus moves into it and stays there (Tab cycles through it
  // and its button; the page behind is inert), Escape closes it and focus returns to its button.
  useEffect(() => {
    if (!mobileOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        setOpenedOn(null);
        menuButtonRef.current?.focus();
      }
      keepTabWithin(event, sidebarRef.current, menuButtonRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [mobileOpen]);

  return (
    <div
      css={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: theme.colors.background,
      })}
    >
      <a
        href="#main"
        css={(theme) => ({
          position: 'absolute',
          left: '-999px',
          zIndex: 100,
          padding: '0.5rem 1rem',
          background: theme.colors.primary,
          color: theme.colors.primaryText,
          '&:focus': { left: '1rem', top: '0.5rem' },
        })}
      >
        Skip to content
      </a>
      <TopBar
        sidebarId={sidebarId}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
        mobileOpen={mobileOpen}
        onToggleMobile={() => setMobileOpen(!mobileOpen)}
        menuButtonRef={menuButtonRef}
        username={user?.username}
        email={user?.email}
        pending={!user}
      />
      <div css={{ display: 'flex', flex: 1, minWidth: 0 }}>
        <div
          aria-hidden="true"
          data-testid="sidebar-overlay"
          onClick={() => setMobileOpen(false)}
          css={(theme) => ({
            display: 'none',
            [shellMetrics.mobile]: {
              display: 'block',
              position: 'fixed',
              inset: `${shellMetrics.headerHeight} 0 0 0`,
              zIndex: 30,
              background: theme.colors.overlay,
              opacity: mobileOpen ? 1 : 0,
              pointerEvents: mobileOpen ? 'auto' : 'none',
              transition: `opacity ${shellMetrics.transition} ease`,
            },
          })}
        />
        <Sidebar
          id={sidebarId}
          ref={sidebarRef}
          groups={groups}
          collapsed={collapsed}
          mobileOpen={mobileOpen}
          onNavigate={() => setMobileOpen(false)}
        />
        <main
          id="main"
          tabIndex={-1}
          inert={mobileOpen}
          css={(theme) => ({
            flex: 1,
            minWidth: 0,
            padding: '1.5rem 1rem 3rem',
            outline: 'none',
            background: theme.colors.background,
            [shellMetrics.desktop]: { padding: '2rem 2.5rem 4rem' },
          })}
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
