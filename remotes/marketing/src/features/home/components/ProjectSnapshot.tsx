import { Icon } from '../../site/components/Icon';
import { barTrack, iconBox, panel } from '@kloof/ui';

const milestones = [
  { name: 'Discovery workshop', state: 'Done' },
  { name: 'Clickable prototype', state: 'Done' },
  { name: 'Sprint 4 of 6: bookings and payments', state: 'In progress' },
  { name: 'Launch', state: 'Planned' },
] as const;

/** The hero's illustration, built from markup: how a project looks in the client area. */
export function ProjectSnapshot() {
  return (
    <figure css={{ margin: 0, justifySelf: 'center', width: '100%', maxWidth: '28rem' }}>
      <div
        css={(theme) => ({
          ...panel(theme, theme.colors.background, '1.25rem'),
          boxShadow: '0 24px 48px -24px rgba(15, 23, 42, 0.28)',
          'html.dark &': { boxShadow: '0 24px 48px -24px rgba(0, 0, 0, 0.8)' },
          overflow: 'hidden',
        })}
      >
        <div
          css={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '1rem',
            padding: '1rem 1.25rem',
            borderBottom: `1px solid ${theme.colors.border}`,
            background: theme.colors.surface,
          })}
        >
          <div>
            <p css={(theme) => ({ margin: 0, fontSize: '0.8125rem', color: theme.colors.textMuted })}>Project</p>
            <p css={{ margin: 0, fontWeight: 700 }}>Clinic booking platform</p>
          </div>
          <span
            css={(theme) => ({
              padding: '0.125rem 0.625rem',
              borderRadius: '999px',
              border: `1px solid ${theme.colors.success}`,
              color: theme.colors.success,
              fontSize: '0.8125rem',
              fontWeight: 600,
            })}
          >
            Active
          </span>
        </div>
        <ul css={{ listStyle: 'none', margin: 0, padding: '0.5rem 1.25rem 1rem' }}>
          {milestones.map((m) => (
            <li
              key={m.name}
              css={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: '0.75rem',
                padding: '0.625rem 0',
                borderBottom: `1px solid ${theme.colors.border}`,
                '&:last-of-type': { borderBottom: 0 },
              })}
            >
              <span
                css={(theme) => ({
                  ...iconBox('1.5rem', '999px'),
                  background: m.state === 'Done' ? theme.colors.primary : 'transparent',
                  color: theme.colors.primaryText,
                  border: `2px solid ${m.state === 'Planned' ? theme.colors.borderStrong : theme.colors.primary}`,
                })}
              >
                {m.state === 'Done' ? <Icon name="check" size={14} /> : null}
              </span>
              <span css={{ flex: 1, fontSize: '0.9375rem' }}>{m.name}</span>
              <span css={(theme) => ({ fontSize: '0.8125rem', color: theme.colors.textMuted })}>{m.state}</span>
            </li>
          ))}
        </ul>
        <div css={{ padding: '0 1.25rem 1.25rem' }}>
          <div css={barTrack}>
            <div css={(theme) => ({ width: '62%', height: '100%', background: theme.colors.primary })} />
          </div>
          <p css={(theme) => ({ margin: '0.5rem 0 0', fontSize: '0.8125rem', color: theme.colors.textMuted })}>
            62% of the agreed scope delivered · next demo Thursday
          </p>
        </div>
      </div>
      <figcaption
        css={(theme) => ({
          marginTop: '0.875rem',
          fontSize: '0.875rem',
          color: theme.colors.textMuted,
          textAlign: 'center',
        })}
      >
        Every project, its milestones and its links in your client area.
      </figcaption>
    </figure>
  );
}
