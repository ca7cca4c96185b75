/** Billing page. */
export default function Billing() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Billing</h1>
      <p>Your plan and invoices.</p>
    </section>
  );
}
