/** Careers page. */
export default function Careers() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Careers</h1>
      <p>Join a small studio in Cape Town that ships real products.</p>
    </section>
  );
}
