import type { ReactNode } from 'react';
import { ButtonLink } from '@kloof/ui';
import { Eyebrow } from './Section';

/** The top of a page: eyebrow, the page's one h1, lead text and optional actions. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  actions,
  aside,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <header
      css={{
        padding: 'clamp(3rem, 9vw, 6rem) 1.25rem clamp(2.5rem, 6vw, 4rem)',
        background: 'radial-gradient(ellipse 80% 60% at 85% 0%, rgba(15, 118, 110, 0.08), transparent 70%)',
        // Selected by the root's class, not the theme object: prerendered HTML is right in both themes.
        'html.dark &': {
          background: 'radial-gradient(ellipse 80% 60% at 85% 0%, rgba(94, 234, 212, 0.10), transparent 70%)',
        },
      }}
    >
      <div
        css={{
          maxWidth: '75rem',
          margin: '0 auto',
          display: 'grid',
          gap: '3rem',
          alignItems: 'center',
          gridTemplateColumns: aside ? 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))' : '1fr',
        }}
      >
        <div css={{ maxWidth: '44rem' }}>
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1
            css={{
              fontSize: 'clamp(2.125rem, 5.5vw, 3.5rem)',
              lineHeight: 1.08,
              letterSpacing: '-0.03em',
              margin: '0 0 1.25rem',
              textWrap: 'balance',
            }}
          >
            {title}
          </h1>
          <div
            css={(theme) => ({
              fontSize: 'clamp(1.0625rem, 2vw, 1.25rem)',
              color: theme.colors.textMuted,
              '& p': { margin: 0 },
            })}
          >
            {lead}
          </div>
          {actions ? (
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '2rem' }}>{actions}</div>
          ) : null}
        </div>
        {aside}
      </div>
    </header>
  );
}

/** The intro's two ways on for a visitor who is deciding: contact us (in the page's words), or pricing. */
export function ContactOrPricing({ contactLabel }: { contactLabel: string }) {
  return (
    <>
      <ButtonLink to="/contact">{contactLabel}</ButtonLink>
      <ButtonLink to="/pricing" variant="secondary">
        See pricing
      </ButtonLink>
    </>
  );
}
