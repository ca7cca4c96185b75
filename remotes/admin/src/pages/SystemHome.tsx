/** System page. */
export default function SystemHome() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>System</h1>
      <p>System health.</p>
    </section>
  );
}
