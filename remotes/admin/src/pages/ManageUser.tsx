/** User page. */
export default function ManageUser() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>User</h1>
      <p>One account.</p>
    </section>
  );
}
