/** Pricing page. */
export default function Pricing() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Pricing</h1>
      <p>Clear tiers in rand, with no surprises.</p>
    </section>
  );
}
