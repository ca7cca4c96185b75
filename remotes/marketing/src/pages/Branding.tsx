/** Branding page. */
export default function Branding() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Branding</h1>
      <p>Our logo, colours and type.</p>
    </section>
  );
}
