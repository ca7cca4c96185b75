import { pricingFaq } from '../faq';
import { panel } from '@kloof/ui';

/** Questions and answers as native disclosures: keyboard and screen-reader friendly for free. */
export function Faq() {
  return (
    <div css={{ display: 'grid', gap: '0.75rem' }}>
      {pricingFaq.map((item) => (
        <details
          key={item.question}
          css={(theme) => ({
            ...panel(theme, theme.colors.background, '0.875rem'),
            '&[open] summary::after': { transform: 'rotate(45deg)' },
          })}
        >
          <summary
            css={(theme) => ({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '1rem',
              padding: '1rem 1.25rem',
              fontWeight: 600,
              cursor: 'pointer',
              listStyle: 'none',
              '&::-webkit-details-marker': { display: 'none' },
              '&::after': {
                content: '"+"',
                fontSize: '1.375rem',
                lineHeight: 1,
                color: theme.colors.primary,
                transition: 'transform 0.15s ease',
              },
            })}
          >
            {item.question}
          </summary>
          <p css={(theme) => ({ margin: 0, padding: '0 1.25rem 1.25rem', color: theme.colors.textMuted })}>
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  );
}
