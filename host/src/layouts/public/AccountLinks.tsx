import { Link } from 'react-router-dom';
import { useAuth } from '@kloof/auth';
import { ButtonLink } from '@kloof/ui';
import { dashboardLink, guestLinks } from '../nav-links';

/**
 * Login and Sign Up for visitors, 'Go to Dashboard' once signed in: never both.
 * `onNavigate` lets the mobile menu close when one is chosen.
 */
export function AccountLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { state } = useAuth();
  const size = stacked ? 'md' : 'sm';
  return (
    <div
      css={{
        display: 'flex',
        alignItems: stacked ? 'stretch' : 'center',
        flexDirection: stacked ? 'column' : 'row',
        gap: stacked ? '0.75rem' : '0.5rem',
      }}
    >
      {state === 'SIGNED_IN' ? (
        <ButtonLink to={dashboardLink.link} size={size} onClick={onNavigate}>
          {dashboardLink.label}
        </ButtonLink>
      ) : (
        <>
          {stacked ? (
            <ButtonLink to={guestLinks.login.link} variant="secondary" onClick={onNavigate}>
              {guestLinks.login.label}
            </ButtonLink>
          ) : (
            <Link
              to={guestLinks.login.link}
              onClick={onNavigate}
              css={(theme) => ({
                padding: '0.375rem 0.75rem',
                borderRadius: '0.5rem',
                color: theme.colors.text,
                fontWeight: 600,
                fontSize: '0.9375rem',
                textDecoration: 'none',
                '&:hover': { background: theme.colors.surfaceMuted },
              })}
            >
              {guestLinks.login.label}
            </Link>
          )}
          <ButtonLink to={guestLinks.signUp.link} size={size} onClick={onNavigate}>
            {guestLinks.signUp.label}
          </ButtonLink>
        </>
      )}
    </div>
  );
}
