/** Admin page. */
export default function AdminHome() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Admin</h1>
      <p>Tools for administrators.</p>
    </section>
  );
}
