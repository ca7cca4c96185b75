/** Signing out page. */
export default function Logout() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Signing out</h1>
      <p>Signing you out.</p>
    </section>
  );
}
