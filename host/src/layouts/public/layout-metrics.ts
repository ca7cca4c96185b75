import { space } from '@kloof/ui';

/** Header height: 14 units (spec point 9). */
export const HEADER_HEIGHT = space(14);

/** Width of the content column of header, footer and pages. */
export const CONTENT_WIDTH = '75rem';
