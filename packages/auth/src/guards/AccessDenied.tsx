/** @jsxImportSource @emotion/react */
import { Link } from 'react-router-dom';

/** Shown to a signed-in user who is not a system user: 'Access Denied !' and a Home link. */
export function AccessDenied() {
  return (
    <section css={{ maxWidth: '36rem', margin: '4rem auto', textAlign: 'center', padding: '0 1rem' }}>
      <h1 css={{ fontSize: '2rem', margin: '0 0 0.75rem' }}>Access Denied !</h1>
      <p css={(theme) => ({ color: theme.colors.textMuted, margin: '0 0 1.5rem' })}>Only System Users are allowed</p>
      <Link to="/" css={(theme) => ({ color: theme.colors.primary, fontWeight: 600 })}>
        Home
      </Link>
    </section>
  );
}
