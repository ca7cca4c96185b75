/** Sign in page. */
export default function Login() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Sign in</h1>
      <p>Sign in to your client area.</p>
    </section>
  );
}
