import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '@kloof/auth';
import { brand, ThemeToggle } from '@kloof/ui';
import { publicNav } from '../nav-links';

/** Sticky site header: navigation, account links and theme toggle. */
export function PublicHeader() {
  const { state } = useAuth();
  return (
    <header
      css={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 20,
        background: theme.colors.background,
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      <div
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: '1rem',
          maxWidth: '75rem',
          margin: '0 auto',
          padding: '0.75rem 1.25rem',
        }}
      >
        <Link to="/" css={(theme) => ({ fontWeight: 800, color: theme.colors.text, textDecoration: 'none' })}>
          {brand.name}
        </Link>
        <nav aria-label="Main" css={{ flex: 1 }}>
          <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', listStyle: 'none', margin: 0, padding: 0 }}>
            {publicNav.map((item) => (
              <li key={item.link}>
                <NavLink to={item.link} end={item.link === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {state === 'SIGNED_IN' ? (
          <Link to="/dashboard">Go to Dashboard</Link>
        ) : (
          <>
            <Link to="/auth/login">Login</Link>
            <Link to="/auth/register">Sign Up</Link>
          </>
        )}
        <ThemeToggle />
      </div>
    </header>
  );
}
