/** Last-resort screen when the host itself fails to render a route. */
export function RouteError() {
  return (
    <main id="main" css={{ maxWidth: '40rem', margin: '0 auto', padding: '5rem 1.25rem', textAlign: 'center' }}>
      <h1>Something went wrong</h1>
      <p>This page failed to show. Reload the page to try again.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
