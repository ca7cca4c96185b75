/** Links page. */
export default function Links() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Links</h1>
      <p>Your links.</p>
    </section>
  );
}
