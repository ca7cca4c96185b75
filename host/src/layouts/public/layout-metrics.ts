import { space } from '@kloof/ui';

/** Header height: 14 units of the theme's spacing. */
export const HEADER_HEIGHT = space(14);

/** Width of the content column of header, footer and pages. */
export const CONTENT_WIDTH = '75rem';

/** Side of the header's square buttons: the theme toggle (from @kloof/ui) and the menu button. */
export const TOGGLE_SIZE = '2.5rem';
