import { brand } from '@kloof/ui';

/** The id the no-script rule hides: the form cannot send anything without JavaScript. */
export const CONTACT_FORM_ID = 'contact-form';

/**
 * What a visitor without JavaScript sees instead of the contact form: the form only sends through
 * the API client, so without script it would post to nowhere (and once put every field in the
 * URL). Hidden, it cannot be filled in for nothing; the other ways to reach us are right here.
 * Plain inline styles (theme variables): noscript content is never hydrated or styled by emotion.
 */
export function FormNeedsJavaScript() {
  return (
    <noscript>
      <style>{`#${CONTACT_FORM_ID}{display:none}`}</style>
      <section aria-labelledby="contact-needs-javascript-title">
        <h2 id="contact-needs-javascript-title" style={{ margin: '0 0 1rem', fontSize: '1.375rem' }}>
          Send us a message
        </h2>
        <p style={{ margin: '0 0 0.75rem', lineHeight: 1.6 }}>
          Sending this form needs JavaScript, which is off in your browser. Turn it on and reload this page, or reach us
          directly:
        </p>
        <p style={{ margin: 0, lineHeight: 1.6 }}>
          E-mail{' '}
          <a href={`mailto:${brand.email}`} style={{ color: 'var(--color-primary)', fontWeight: 600 }}>
            {brand.email}
          </a>{' '}
          or call{' '}
          <a href={brand.phoneHref} style={{ color: 'var(--color-primary)', fontWeight: 600 }}>
            {brand.phone}
          </a>
          .
        </p>
      </section>
    </noscript>
  );
}
