import { brand, ButtonLink } from '@kloof/ui';

/** The closing band of most pages: talk to us. */
export function CallToAction({
  title = 'Have a project in mind?',
  text = 'Tell us what you are building. We reply within one working day with honest questions, a rough range and the next step.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="cta-title" css={{ padding: '0 1.25rem clamp(3rem, 8vw, 5.5rem)' }}>
      <div
        css={(theme) => ({
          maxWidth: '75rem',
          margin: '0 auto',
          padding: 'clamp(2rem, 5vw, 3.5rem)',
          borderRadius: '1.5rem',
          background: theme.colors.surfaceMuted,
          border: `1px solid ${theme.colors.border}`,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '1.5rem 3rem',
          alignItems: 'center',
          justifyContent: 'space-between',
        })}
      >
        <div css={{ maxWidth: '40rem' }}>
          <h2
            id="cta-title"
            css={{ margin: '0 0 0.5rem', fontSize: 'clamp(1.5rem, 3vw, 2rem)', letterSpacing: '-0.02em' }}
          >
            {title}
          </h2>
          <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted, fontSize: '1.0625rem' })}>{text}</p>
        </div>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
          <ButtonLink to="/contact">Start a conversation</ButtonLink>
          {/* An absolute URL: the router renders it as a plain tel: link. */}
          <ButtonLink to={brand.phoneHref} variant="secondary">
            Call {brand.phone}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
