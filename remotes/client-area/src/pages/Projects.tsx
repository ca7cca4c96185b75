/** Projects page. */
export default function Projects() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Projects</h1>
      <p>Your projects.</p>
    </section>
  );
}
