import { breakpoints, media } from '@kloof/ui';
import { Faq } from '../features/pricing/components/Faq';
import { TierCard } from '../features/pricing/components/TierCard';
import { carePlan, formatPrice, tiers } from '../features/pricing/tiers';
import { CallToAction } from '../features/site/components/CallToAction';
import { PageIntro } from '../features/site/components/PageIntro';
import { Section, SectionHeading } from '../features/site/components/Section';

/** Pricing: three clear tiers in rand, the care plan and the usual questions. */
export default function Pricing() {
  return (
    <>
      <PageIntro
        eyebrow="Pricing"
        title="Clear pricing, in rand"
        lead={
          <p>
            Three ways to work with us. Every project starts with a written, fixed-range quote, so the number you plan
            with is the number you pay.
          </p>
        }
      />
      <section aria-label="Plans" css={{ padding: '1rem 1.25rem clamp(3rem, 8vw, 5rem)' }}>
        <ul
          css={{
            listStyle: 'none',
            maxWidth: '75rem',
            margin: '0 auto',
            padding: 0,
            display: 'grid',
            gap: '2rem 1.5rem',
            // One column on phones, two on tablets (a last odd card spans both: never a lone card
            // beside a gap), three on desktops. Each card's parts share row tracks (subgrid in
            // TierCard), so prices and buttons line up across a row. minmax(0, ...): a card never
            // grows past a 320 px screen to fit its widest word.
            gridTemplateColumns: 'minmax(0, 1fr)',
            [`@media (min-width: ${breakpoints.sm}px)`]: {
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              '& > li:last-of-type:nth-of-type(odd)': { gridColumn: '1 / -1' },
              '& > li:last-of-type:nth-of-type(odd) > ul': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
            },
            [media.lg]: {
              gridTemplateColumns: `repeat(${tiers.length}, minmax(0, 1fr))`,
              '& > li:last-of-type:nth-of-type(odd)': { gridColumn: 'auto' },
              '& > li:last-of-type:nth-of-type(odd) > ul': { gridTemplateColumns: '1fr' },
            },
          }}
        >
          {tiers.map((tier) => (
            <TierCard key={tier.id} tier={tier} />
          ))}
        </ul>
        <div
          css={(theme) => ({
            maxWidth: '75rem',
            margin: '2rem auto 0',
            padding: '1.5rem 1.75rem',
            borderRadius: '1.25rem',
            background: theme.colors.surface,
            border: `1px solid ${theme.colors.border}`,
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.75rem 2rem',
            alignItems: 'center',
            justifyContent: 'space-between',
          })}
        >
          <div css={{ maxWidth: '44rem' }}>
            <h2 css={{ margin: '0 0 0.25rem', fontSize: '1.125rem' }}>{carePlan.name}</h2>
            <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{carePlan.text}</p>
          </div>
          <p css={{ margin: 0 }}>
            <strong css={{ fontSize: '1.5rem' }}>{formatPrice(carePlan.price)}</strong> {carePlan.unit}, excl. VAT
          </p>
        </div>
      </section>
      <Section tone="muted" labelledBy="faq" narrow>
        <SectionHeading id="faq" eyebrow="Questions" title="Before you sign" />
        <Faq />
      </Section>
      <div css={{ height: 'clamp(3rem, 8vw, 5.5rem)' }} />
      <CallToAction
        title="Need a number for your budget?"
        text="Send us a few lines about what you need. You get a rough range within one working day, free and without obligation."
      />
    </>
  );
}
