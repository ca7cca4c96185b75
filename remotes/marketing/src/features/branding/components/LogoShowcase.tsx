import { Logo, LogoMark } from '@kloof/ui';
import { schemeLabel, schemes, ThemedPanel } from './ThemedPanel';

/** The logo and the mark at the sizes we use, in both themes. */
export function LogoShowcase() {
  return (
    <div
      css={{ display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))' }}
    >
      {schemes.map((scheme) => (
        <figure key={scheme} css={{ margin: 0 }}>
          <ThemedPanel scheme={scheme}>
            <div css={{ display: 'grid', placeItems: 'center', minHeight: '9rem' }}>
              <Logo size={48} />
            </div>
            <div
              css={(theme) => ({
                display: 'flex',
                alignItems: 'flex-end',
                justifyContent: 'center',
                gap: '1.5rem',
                paddingTop: '1.25rem',
                borderTop: `1px solid ${theme.colors.border}`,
              })}
            >
              {[64, 32, 16].map((size) => (
                <div key={size} css={{ display: 'grid', justifyItems: 'center', gap: '0.375rem' }}>
                  <LogoMark size={size} />
                  <span css={(theme) => ({ fontSize: '0.8125rem', color: theme.colors.textMuted })}>{size} px</span>
                </div>
              ))}
            </div>
          </ThemedPanel>
          <figcaption css={{ marginTop: '0.625rem', fontWeight: 600 }}>{schemeLabel[scheme]}</figcaption>
        </figure>
      ))}
    </div>
  );
}
