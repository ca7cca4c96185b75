import { fontStack } from '@kloof/ui';

const scale = [
  { name: 'Display', size: '3.5rem', weight: 800, sample: 'Built in Cape Town' },
  { name: 'Heading', size: '2.25rem', weight: 700, sample: 'What we build' },
  { name: 'Subheading', size: '1.375rem', weight: 700, sample: 'Two-week sprints' },
  { name: 'Body', size: '1.0625rem', weight: 400, sample: 'Working software every two weeks, demoed live.' },
  { name: 'Small', size: '0.875rem', weight: 400, sample: 'Prices exclude VAT at 15%.' },
] as const;

/** The type scale, set in the system font stack (no web fonts to download). */
export function TypeSpecimen() {
  return (
    <div>
      <p css={(theme) => ({ margin: '0 0 1.5rem', color: theme.colors.textMuted })}>
        We use each device's own interface font: San Francisco on Apple devices, Segoe UI on Windows, Roboto on Android.
        Text appears instantly, costs nothing to download and reads the way people expect on their device.
      </p>
      <code
        css={(theme) => ({
          display: 'block',
          padding: '0.875rem 1rem',
          marginBottom: '2rem',
          borderRadius: '0.625rem',
          background: theme.colors.surfaceMuted,
          fontSize: '0.875rem',
          overflowX: 'auto',
          whiteSpace: 'pre-wrap',
        })}
      >
        font-family: {fontStack};
      </code>
      <dl css={{ margin: 0, display: 'grid', gap: '1.25rem' }}>
        {scale.map((step) => (
          <div
            key={step.name}
            css={(theme) => ({
              display: 'grid',
              gap: '0.25rem 2rem',
              alignItems: 'baseline',
              paddingBottom: '1.25rem',
              borderBottom: `1px solid ${theme.colors.border}`,
              '@media (min-width: 768px)': { gridTemplateColumns: '10rem 1fr' },
            })}
          >
            <dt css={(theme) => ({ fontSize: '0.875rem', color: theme.colors.textMuted })}>
              <strong css={(theme) => ({ color: theme.colors.text })}>{step.name}</strong> · {step.size} / {step.weight}
            </dt>
            <dd
              css={{
                margin: 0,
                fontSize: `min(${step.size}, 9vw)`,
                fontWeight: step.weight,
                lineHeight: 1.2,
                letterSpacing: step.weight >= 700 ? '-0.02em' : 0,
              }}
            >
              {step.sample}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
