/** Manage page. */
export default function ManageIndex() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Manage</h1>
      <p>Administration of accounts and enquiries.</p>
    </section>
  );
}
