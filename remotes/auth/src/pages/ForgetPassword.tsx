/** Forgot your password? page. */
export default function ForgetPassword() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Forgot your password?</h1>
      <p>Enter your e-mail and we will send you a reset code.</p>
    </section>
  );
}
