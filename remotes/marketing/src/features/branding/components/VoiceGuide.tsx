import { formatPrice, tiers } from '../../pricing/tiers';
import { plainList, autoGrid, panel } from '@kloof/ui';

const principles = [
  {
    title: 'Plain, not clever',
    good: 'We reply within one working day.',
    avoid: 'Our team will endeavour to revert at the earliest opportunity.',
  },
  {
    title: 'Specific, not vague',
    good: 'A working release at the end of every two-week sprint.',
    avoid: 'Agile delivery of cutting-edge solutions.',
  },
  {
    title: 'Honest about money and time',
    good: `From ${formatPrice(tiers[0]!.price)}, excluding VAT. ${tiers[0]!.timeline}.`,
    avoid: 'Affordable packages to suit every budget.',
  },
] as const;

/** How the brand writes: three principles with a do and a don't each. */
export function VoiceGuide() {
  return (
    <ul
      css={{
        ...plainList,
        ...autoGrid('18rem', '1.25rem'),
      }}
    >
      {principles.map((p) => (
        <li
          key={p.title}
          css={(theme) => ({
            padding: '1.5rem',
            ...panel(theme, theme.colors.background),
          })}
        >
          <h3 css={{ margin: '0 0 1rem', fontSize: '1.125rem' }}>{p.title}</h3>
          <p css={{ margin: '0 0 0.75rem' }}>
            <strong css={(theme) => ({ color: theme.colors.success })}>Write: </strong>
            {p.good}
          </p>
          <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>
            <strong css={(theme) => ({ color: theme.colors.danger })}>Not: </strong>
            {p.avoid}
          </p>
        </li>
      ))}
    </ul>
  );
}
