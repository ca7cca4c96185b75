/** @jsxImportSource @emotion/react */
import type { ReactNode, SVGProps } from 'react';

/**
 * A 20 px line icon of a button, drawn on a 24-unit grid in the text's colour. Hidden from screen
 * readers: the button carries the name.
 */
export function LineIcon({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...rest}
    >
      {children}
    </svg>
  );
}
