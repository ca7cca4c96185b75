/** Junior Digital Assistant (Intern) page. */
export default function JuniorDigitalAssistant() {
  return (
    <section css={{ maxWidth: '60rem', margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1>Junior Digital Assistant (Intern)</h1>
      <p>A paid internship in our Cape Town studio.</p>
    </section>
  );
}
