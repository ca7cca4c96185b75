import type { ReactNode } from 'react';
import { HydrateWhenNear, renderWhenNear } from '@kloof/ui';

/**
 * A full-width band of the page with a centred content column; `tone` alternates backgrounds.
 * Hydrated when near the viewport (see HydrateWhenNear).
 */
export function Section({
  children,
  tone = 'plain',
  labelledBy,
  narrow = false,
}: {
  children: ReactNode;
  tone?: 'plain' | 'muted';
  labelledBy?: string;
  narrow?: boolean;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      css={(theme) => ({
        background: tone === 'muted' ? theme.colors.surface : 'transparent',
        borderBlock: tone === 'muted' ? `1px solid ${theme.colors.border}` : undefined,
        padding: 'clamp(3rem, 8vw, 5.5rem) 1.25rem',
        ...renderWhenNear,
      })}
    >
      {/* Below the fold as a rule: its prerendered HTML is hydrated when it comes near the viewport. */}
      <HydrateWhenNear css={{ maxWidth: narrow ? '48rem' : '75rem', margin: '0 auto' }}>{children}</HydrateWhenNear>
    </section>
  );
}

/** Eyebrow, h2 and lead text at the top of a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'left' | 'center';
}) {
  return (
    <div css={{ maxWidth: '46rem', margin: align === 'center' ? '0 auto 2.5rem' : '0 0 2.5rem', textAlign: align }}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2
        id={id}
        css={{ fontSize: 'clamp(1.625rem, 3.5vw, 2.25rem)', letterSpacing: '-0.02em', margin: '0 0 0.75rem' }}
      >
        {title}
      </h2>
      {lead ? (
        <p css={(theme) => ({ margin: 0, fontSize: '1.125rem', color: theme.colors.textMuted })}>{lead}</p>
      ) : null}
    </div>
  );
}

export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <p
      css={(theme) => ({
        margin: '0 0 0.75rem',
        fontSize: '0.8125rem',
        fontWeight: 700,
        letterSpacing: '0.1em',
        textTransform: 'uppercase',
        color: theme.colors.primary,
      })}
    >
      {children}
    </p>
  );
}
