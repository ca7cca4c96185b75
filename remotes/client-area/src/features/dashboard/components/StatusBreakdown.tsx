import { PROJECT_STATUSES, type ProjectStatus } from '@kloof/api-client';
import type { Theme } from '@emotion/react';
import { barTrack } from '@kloof/ui';
import { projectStatus } from '../../projects/status';

const barColor = (theme: Theme, status: ProjectStatus): string =>
  ({
    planning: theme.colors.textMuted,
    active: theme.colors.primary,
    on_hold: theme.colors.accent,
    completed: theme.colors.success,
  })[status];

/** Project counts per status as labelled bars (the numbers are in the text, the bars only show share). */
export function StatusBreakdown({ counts, total }: { counts: Record<ProjectStatus, number>; total: number }) {
  return (
    <dl css={{ margin: 0, display: 'grid', gap: '0.875rem' }}>
      {PROJECT_STATUSES.map((status) => {
        const share = total === 0 ? 0 : (counts[status] / total) * 100;
        return (
          // A group in a <dl> may hold only its <dt> and <dd>: the bar sits in the <dd>, drawn under both.
          <div
            key={status}
            css={{
              position: 'relative',
              display: 'flex',
              justifyContent: 'space-between',
              fontSize: '0.9375rem',
              paddingBottom: '0.75rem',
            }}
          >
            <dt>{projectStatus[status].label}</dt>
            <dd css={{ margin: 0, fontWeight: 700 }} data-testid={`status-${status}`}>
              {counts[status]}
              <div
                aria-hidden="true"
                css={(theme) => ({ ...barTrack(theme), position: 'absolute', left: 0, right: 0, bottom: 0 })}
              >
                <div
                  css={(theme) => ({
                    width: `${share}%`,
                    height: '100%',
                    borderRadius: '999px',
                    background: barColor(theme, status),
                  })}
                />
              </div>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
