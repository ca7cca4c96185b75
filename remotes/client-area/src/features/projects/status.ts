import { PROJECT_STATUSES, type ProjectStatus } from '@kloof/api-client';
import type { BadgeTone } from '@kloof/ui';

/** How each project status reads and looks. */
export const projectStatus: Record<ProjectStatus, { label: string; tone: BadgeTone }> = {
  planning: { label: 'Planning', tone: 'neutral' },
  active: { label: 'Active', tone: 'primary' },
  on_hold: { label: 'On hold', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
};

export const statusOptions = PROJECT_STATUSES.map((value) => ({ value, label: projectStatus[value].label }));
