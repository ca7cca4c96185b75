import { contrastRatio, palettes, plainList, type ColorScheme } from '@kloof/ui';
import { brandColours } from '../colours';
import { schemeLabel, schemes, ThemedPanel } from './ThemedPanel';

function Swatches({ scheme }: { scheme: ColorScheme }) {
  const palette = palettes[scheme];
  return (
    <ul css={{ ...plainList, display: 'grid', gap: '0.875rem' }}>
      {brandColours.map((colour) => {
        const hex = palette[colour.token];
        const ratio = contrastRatio(hex, palette.background);
        const isBackground = colour.token === 'background' || colour.token === 'surface';
        return (
          <li key={colour.token} css={{ display: 'flex', alignItems: 'center', gap: '0.875rem' }}>
            <span
              aria-hidden="true"
              css={(theme) => ({
                width: '2.75rem',
                height: '2.75rem',
                flexShrink: 0,
                borderRadius: '0.625rem',
                background: hex,
                border: `1px solid ${theme.colors.border}`,
              })}
            />
            <div css={{ flex: 1, minWidth: 0 }}>
              <p css={{ margin: 0, fontWeight: 600 }}>{colour.name}</p>
              <p css={(theme) => ({ margin: 0, fontSize: '0.875rem', color: theme.colors.textMuted })}>{colour.use}</p>
            </div>
            <div css={{ textAlign: 'right' }}>
              <code css={{ fontSize: '0.875rem' }}>{hex}</code>
              <p css={(theme) => ({ margin: 0, fontSize: '0.8125rem', color: theme.colors.textMuted })}>
                {isBackground ? 'background' : `${ratio.toFixed(1)}:1 on page`}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Both palettes, each colour with its hex value and its contrast against the page. */
export function ColourPalette() {
  return (
    <div
      css={{ display: 'grid', gap: '1.25rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))' }}
    >
      {schemes.map((scheme) => (
        <section key={scheme} aria-labelledby={`palette-${scheme}`}>
          <ThemedPanel scheme={scheme}>
            <h3 id={`palette-${scheme}`} css={{ margin: '0 0 1.25rem', fontSize: '1.125rem' }}>
              {schemeLabel[scheme]}
            </h3>
            <Swatches scheme={scheme} />
          </ThemedPanel>
        </section>
      ))}
    </div>
  );
}
