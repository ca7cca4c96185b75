/** Super admin page. */
export default function SuperHome() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Super admin</h1>
      <p>Tools for super administrators.</p>
    </section>
  );
}
