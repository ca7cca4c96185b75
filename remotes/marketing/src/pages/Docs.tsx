/** Docs page. */
export default function Docs() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Docs</h1>
      <p>How a project with us runs, and how to use the client area.</p>
    </section>
  );
}
