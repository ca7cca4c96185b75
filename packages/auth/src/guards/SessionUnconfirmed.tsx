/** @jsxImportSource @emotion/react */

/**
 * Shown by a guard when the session could not be confirmed because the API was out of reach and
 * this browser knows no user for its tokens: not a sign-out, the check runs again once online.
 */
export function SessionUnconfirmed() {
  return (
    <section role="status" css={{ maxWidth: '36rem', margin: '4rem auto', textAlign: 'center', padding: '0 1rem' }}>
      <h1 css={{ fontSize: '1.75rem', margin: '0 0 0.75rem' }}>This page needs the network</h1>
      <p css={(theme) => ({ color: theme.colors.textMuted, margin: 0 })}>
        You are still signed in, but your session could not be checked. It opens as soon as you are back online.
      </p>
    </section>
  );
}
