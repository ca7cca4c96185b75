/** Contact us page. */
export default function Contact() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Contact us</h1>
      <p>Tell us about your project.</p>
    </section>
  );
}
