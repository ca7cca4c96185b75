/** Verify your e-mail address page. */
export default function ResendVerification() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Verify your e-mail address</h1>
      <p>Your account is not verified yet. We can send you a new code.</p>
    </section>
  );
}
