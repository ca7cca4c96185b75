/** Services page. */
export default function Services() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Services</h1>
      <p>Websites, web apps, SaaS tools, IoT products and digital platforms, from discovery to support.</p>
    </section>
  );
}
