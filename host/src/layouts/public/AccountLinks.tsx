import { Link } from 'react-router-dom';
import { useAuth } from '@kloof/auth';
import { ButtonLink } from '@kloof/ui';
import { dashboardLink, guestLinks } from '../nav-links';
import { SIGNED_IN_HINT, useShownAuthState } from './session-hint';

/** While the state is not known, the root's hint shows one set of links and hides the other. */
const whenSignedIn = { display: 'none', [`html[${SIGNED_IN_HINT}] &`]: { display: 'contents' } } as const;
const whenSignedOut = { display: 'contents', [`html[${SIGNED_IN_HINT}] &`]: { display: 'none' } } as const;

/**
 * Login and Sign Up for visitors, 'Go to Dashboard' once signed in: never both shown. Before the
 * state is known (prerendered HTML, hydration, the startup check) both are in the document and the
 * root's signed-in hint hides one, so the first paint is right. `onNavigate` lets the mobile menu
 * close when one is chosen.
 */
export function AccountLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const shown = useShownAuthState(useAuth().state);
  const size = stacked ? 'md' : 'sm';
  const dashboard = (
    <ButtonLink to={dashboardLink.link} size={size} onClick={onNavigate}>
      {dashboardLink.label}
    </ButtonLink>
  );
  const guest = (
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
  );
  return (
    <div
      css={{
        display: 'flex',
        alignItems: stacked ? 'stretch' : 'center',
        flexDirection: stacked ? 'column' : 'row',
        gap: stacked ? '0.75rem' : '0.5rem',
      }}
    >
      {shown === 'SIGNED_IN' && dashboard}
      {shown === 'SIGNED_OUT' && guest}
      {shown === null && (
        <>
          <div css={whenSignedIn}>{dashboard}</div>
          <div css={whenSignedOut}>{guest}</div>
        </>
      )}
    </div>
  );
}
