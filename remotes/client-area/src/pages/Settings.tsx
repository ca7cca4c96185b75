/** Settings page. */
export default function Settings() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Settings</h1>
      <p>todo</p>
    </section>
  );
}
