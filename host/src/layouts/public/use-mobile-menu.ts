import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { breakpoints } from '@kloof/ui';
import { MOBILE_MENU_ID } from './MobileMenu';

const noSubscription = () => () => undefined;
const openedByUrl = () => window.location.hash === `#${MOBILE_MENU_ID}`;

/**
 * Open/closed state of the mobile menu, toggled by its button. It closes when a link is chosen (any path
 * change), on Escape (focus back on the toggle), and when the screen grows to the desktop header.
 * `enhanced` turns true once React runs the menu; a menu opened as plain HTML before that (the URL
 * ends in #mobile-menu) stays open, now in React's hands.
 */
export function useMobileMenu() {
  const { pathname } = useLocation();
  // The path the menu was opened on: once the path changes, the menu counts as closed. Undefined
  // until the user works the menu through React: the URL says whether it was opened as HTML.
  const [openOn, setOpenOn] = useState<string | null | undefined>(undefined);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  // Server and hydration render false, the browser true right after: no mismatch.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const openedAsHtml = useSyncExternalStore(noSubscription, openedByUrl, () => false);

  const open = openOn === undefined ? openedAsHtml : openOn === pathname;

  const close = useCallback(() => {
    setOpenOn(null);
  }, []);
  const toggle = useCallback(() => {
    setOpenOn((current) => ((current === undefined ? openedAsHtml : current === pathname) ? null : pathname));
  }, [pathname, openedAsHtml]);

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

  return { open, enhanced, toggle, close, toggleRef };
}
