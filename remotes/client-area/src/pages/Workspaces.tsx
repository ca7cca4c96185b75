/** Workspaces page. */
export default function Workspaces() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Workspaces</h1>
      <p>Your workspaces.</p>
    </section>
  );
}
