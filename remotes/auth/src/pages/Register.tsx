/** Create your account page. */
export default function Register() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Create your account</h1>
      <p>Tell us who you are and we will set up your client area.</p>
    </section>
  );
}
