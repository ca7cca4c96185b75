/** @jsxImportSource @emotion/react */
import { brand } from '../brand';

/**
 * The brand mark: Table Mountain's flat top split by a kloof (a ravine), on the primary colour.
 * Inline SVG so it costs no request and follows the theme.
 */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      css={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" css={(theme) => ({ fill: theme.colors.primary })} />
      <path
        d="M4.5 24 9.5 11.5h4.25L16 16.5l2.25-5h4.25L27.5 24z"
        css={(theme) => ({ fill: theme.colors.primaryText })}
      />
      <path d="M4.5 24h23" strokeWidth="1.5" css={(theme) => ({ stroke: theme.colors.primaryText })} />
    </svg>
  );
}

/** Mark plus wordmark, as used in the header and on the Branding page. */
export function Logo({ size = 32 }: { size?: number }) {
  const [first, ...rest] = brand.name.split(' ');
  return (
    <span css={{ display: 'inline-flex', alignItems: 'center', gap: size * 0.3 }}>
      <LogoMark size={size} />
      <span
        css={(theme) => ({
          fontSize: size * 0.62,
          fontWeight: 800,
          letterSpacing: '-0.02em',
          color: theme.colors.text,
          whiteSpace: 'nowrap',
          lineHeight: 1,
        })}
      >
        {first}
        {rest.length > 0 ? (
          <span css={(theme) => ({ fontWeight: 500, color: theme.colors.textMuted })}> {rest.join(' ')}</span>
        ) : null}
      </span>
    </span>
  );
}
