/** Verify your account page. */
export default function AccountVerification() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Verify your account</h1>
      <p>Enter the code we sent to your e-mail.</p>
    </section>
  );
}
