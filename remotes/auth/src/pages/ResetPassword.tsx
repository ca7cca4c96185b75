/** Reset your password page. */
export default function ResetPassword() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Reset your password</h1>
      <p>Enter your reset code and a new password.</p>
    </section>
  );
}
