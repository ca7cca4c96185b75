import { ButtonLink } from '@kloof/ui';
import { Icon } from '../../site/components/Icon';
import { formatPrice, type Tier } from '../tiers';

/** One pricing tier: name, audience, price, what is included, call to action. */
export function TierCard({ tier }: { tier: Tier }) {
  const headingId = `tier-${tier.id}`;
  return (
    <li
      aria-labelledby={headingId}
      css={(theme) => ({
        position: 'relative',
        // Its six parts (name, audience, price, terms, button, features) sit on the list's row
        // tracks, so the same part lines up across the cards of a row whatever its text wraps to.
        display: 'grid',
        gridTemplateRows: 'subgrid',
        gridRow: 'span 6',
        rowGap: 0,
        alignContent: 'start',
        padding: '2rem clamp(1.25rem, 5vw, 1.75rem)',
        borderRadius: '1.25rem',
        border: `${tier.featured ? 2 : 1}px solid ${tier.featured ? theme.colors.primary : theme.colors.border}`,
        background: theme.colors.background,
        boxShadow: tier.featured ? '0 24px 48px -28px rgba(15, 118, 110, 0.45)' : 'none',
      })}
    >
      {tier.featured ? (
        <p
          css={(theme) => ({
            position: 'absolute',
            top: 0,
            left: '1.75rem',
            transform: 'translateY(-50%)',
            margin: 0,
            padding: '0.25rem 0.75rem',
            borderRadius: '999px',
            background: theme.colors.primary,
            color: theme.colors.primaryText,
            fontSize: '0.8125rem',
            fontWeight: 700,
          })}
        >
          Most chosen
        </p>
      ) : null}
      <h2 id={headingId} css={{ margin: 0, fontSize: '1.375rem' }}>
        {tier.name}
      </h2>
      <p css={(theme) => ({ margin: '0.5rem 0 1.5rem', color: theme.colors.textMuted })}>{tier.audience}</p>
      {/* The unit always on its own line: one card's 'per project' wrapping alone would push its price down. */}
      <p css={{ margin: 0, alignSelf: 'end' }}>
        <span css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0 0.5rem' }}>
          {tier.from ? <span css={(theme) => ({ color: theme.colors.textMuted, fontWeight: 600 })}>from</span> : null}
          <span css={{ fontSize: '2.25rem', fontWeight: 800, letterSpacing: '-0.02em', whiteSpace: 'nowrap' }}>
            {formatPrice(tier.price)}
          </span>
        </span>
        <span css={(theme) => ({ display: 'block', color: theme.colors.textMuted })}>{tier.unit}</span>
      </p>
      <p css={(theme) => ({ margin: '0.25rem 0 1.5rem', fontSize: '0.875rem', color: theme.colors.textMuted })}>
        excl. VAT · {tier.timeline}
      </p>
      <ButtonLink to={`/contact?plan=${tier.id}`} variant={tier.featured ? 'primary' : 'secondary'}>
        {tier.cta}
      </ButtonLink>
      <ul
        css={{
          listStyle: 'none',
          margin: '1.75rem 0 0',
          padding: 0,
          display: 'grid',
          gap: '0.625rem 1.5rem',
          alignContent: 'start',
        }}
      >
        {tier.features.map((feature) => (
          <li key={feature} css={{ display: 'flex', gap: '0.625rem' }}>
            {/* Never shrunk by a long line beside it: every check the same size. */}
            <span
              css={(theme) => ({ color: theme.colors.primary, marginTop: '0.125rem', flexShrink: 0, display: 'flex' })}
            >
              <Icon name="check" size={20} />
            </span>
            {feature}
          </li>
        ))}
      </ul>
    </li>
  );
}
