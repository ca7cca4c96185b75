import { PageSkeleton, skeletonBlock } from '@kloof/ui';
import { shellMetrics } from './shell-metrics';
import { SHELL_ROOT_FONT_SIZE, useRootFontSize } from './use-root-font-size';
import { useCollapsedSidebar } from './use-collapsed-sidebar';

/**
 * The shell's outline while its code loads on a full page load: top bar, sidebar and a page
 * skeleton in the places the real ones take, so nothing jumps and no spinner flashes.
 */
export function ShellSkeleton() {
  // The shell's root font size and the stored collapsed state: its rem widths then match the real sidebar's.
  useRootFontSize(SHELL_ROOT_FONT_SIZE);
  const [collapsed] = useCollapsedSidebar();
  return (
    <div data-testid="shell-skeleton" css={(theme) => ({ minHeight: '100vh', background: theme.colors.background })}>
      <div
        aria-hidden="true"
        css={(theme) => ({
          height: shellMetrics.headerHeight,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 1rem',
          borderBottom: `1px solid ${theme.colors.border}`,
        })}
      >
        <div css={skeletonBlock({ width: '9rem', height: '1.5rem' })} />
        <div css={skeletonBlock({ width: '2.5rem', height: '2.5rem', borderRadius: '999px' })} />
      </div>
      <div css={{ display: 'flex' }}>
        <div
          aria-hidden="true"
          data-testid="shell-skeleton-sidebar"
          css={(theme) => ({
            display: 'none',
            [shellMetrics.desktop]: {
              display: 'block',
              width: collapsed ? shellMetrics.sidebarCollapsed : shellMetrics.sidebarExpanded,
              flexShrink: 0,
              minHeight: `calc(100vh - ${shellMetrics.headerHeight})`,
              borderRight: `1px solid ${theme.colors.border}`,
            },
          })}
        />
        <div css={{ flex: 1, minWidth: 0, padding: '1.5rem 1rem', [shellMetrics.desktop]: { padding: '2rem 2.5rem' } }}>
          <PageSkeleton label="Loading" />
        </div>
      </div>
    </div>
  );
}
