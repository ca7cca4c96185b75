/** Dashboard page. */
export default function Dashboard() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Dashboard</h1>
      <p>Your workspaces, projects and links at a glance.</p>
    </section>
  );
}
