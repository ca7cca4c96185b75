import { Link, NavLink, Outlet } from 'react-router-dom';
import { brand, ThemeToggle } from '@kloof/ui';

const sidebarNav = [
  { link: '/dashboard', label: 'Dashboard' },
  { link: '/workspaces', label: 'Workspaces' },
  { link: '/projects', label: 'Projects' },
  { link: '/user/profile', label: 'Settings' },
] as const;

/** The signed-in app shell: top bar, sidebar, content. */
export function AppShell() {
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header
        css={(theme) => ({
          display: 'flex',
          alignItems: 'center',
          gap: '1rem',
          padding: '0.75rem 1.25rem',
          borderBottom: `1px solid ${theme.colors.border}`,
        })}
      >
        <Link to="/" css={{ fontWeight: 800, flex: 1 }}>
          {brand.productName}
        </Link>
        <ThemeToggle />
        <Link to="/user/logout">Log out</Link>
      </header>
      <div css={{ display: 'flex', flex: 1 }}>
        <nav aria-label="Client area" css={{ width: '16rem' }}>
          <ul>
            {sidebarNav.map((item) => (
              <li key={item.link}>
                <NavLink to={item.link}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
          <p>{brand.clientAreaLabel}</p>
        </nav>
        <main id="main" tabIndex={-1} css={{ flex: 1, padding: '1.5rem', outline: 'none' }}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
