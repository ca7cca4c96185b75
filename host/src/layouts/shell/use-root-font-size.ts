import { useLayoutEffect } from 'react';

/** Root font size while the shell is shown: 111%, the page's own size again when it goes. */
export const SHELL_ROOT_FONT_SIZE = '111%';

/** Sets the root element's font size while the calling component is mounted, then restores it. */
export function useRootFontSize(size: string): void {
  // Layout effect: applied before paint, so the shell never flashes at the public size.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    root.style.fontSize = size;
    return () => {
      root.style.fontSize = previous;
    };
  }, [size]);
}
