/** Custom software from Cape Town, for clients worldwide page. */
export default function Home() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Custom software from Cape Town, for clients worldwide</h1>
      <p>We design and build websites, web apps, SaaS tools, IoT products and digital platforms.</p>
    </section>
  );
}
