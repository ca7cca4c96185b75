import { media, space } from '@kloof/ui';

/** Layout constants of the shell: sidebar 16rem open, 5rem collapsed, 0.3 s slides. */
export const shellMetrics = {
  /** Header height: 14 spacing units. */
  headerHeight: space(14),
  sidebarExpanded: '16rem',
  sidebarCollapsed: '5rem',
  /** Sidebar collapse and mobile slide-in. */
  transition: '0.3s',
  /** From this width up the sidebar sits beside the content and collapses; below it slides in. */
  desktop: media.md,
  mobile: '@media (max-width: 767.98px)',
} as const;
