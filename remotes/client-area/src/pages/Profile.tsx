/** Profile page. */
export default function Profile() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Profile</h1>
      <p>Your details and password.</p>
    </section>
  );
}
