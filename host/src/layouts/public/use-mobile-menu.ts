import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { breakpoints } from '@kloof/ui';

/**
 * Open/closed state of the mobile menu, toggled by its button. It closes when a link is chosen (any path
 * change), on Escape (focus back on the toggle), and when the screen grows to the desktop header.
 */
export function useMobileMenu() {
  const { pathname } = useLocation();
  // The path the menu was opened on: once the path changes, the menu counts as closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpenOn(null);
  }, []);
  const toggle = useCallback(() => {
    setOpenOn((current) => (current === pathname ? null : pathname));
  }, [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    const desktop = window.matchMedia?.(`(min-width: ${breakpoints.lg}px)`);
    const onResize = () => {
      if (desktop?.matches) setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop?.addEventListener?.('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop?.removeEventListener?.('change', onResize);
    };
  }, [open]);

  return { open, toggle, close, toggleRef };
}
