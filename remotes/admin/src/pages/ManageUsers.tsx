/** Users page. */
export default function ManageUsers() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Users</h1>
      <p>Every account, with roles and verification.</p>
    </section>
  );
}
