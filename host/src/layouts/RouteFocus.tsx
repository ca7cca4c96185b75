import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { visuallyHidden } from '@kloof/ui';

/**
 * After a route change (not the first page): focus goes to the new page's main heading (main until
 * it arrives; a remote page may come later), and its text is announced. A page that put focus
 * inside main itself (a form's first field) keeps it. Rendered once above the layouts (a change
 * from the public site into the shell is a route change too); each layout has `<main id="main">`.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPage = useRef(true);

  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    // The link that was followed may be gone with the old page: focus must not fall to <body>.
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    const land = (): boolean => {
      // The old page is gone by now (the root layout keys every page by its path).
      const found = document.querySelector<HTMLElement>('#main h1');
      if (!found) return false;
      const focused = document.activeElement;
      if (!focused || focused === document.body || focused.id === 'main') {
        if (!found.hasAttribute('tabindex')) found.tabIndex = -1;
        found.focus({ preventScroll: true });
      }
      setAnnouncement(found.textContent);
      return true;
    };
    if (land()) return;
    const observer = new MutationObserver(() => {
      if (land()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <p role="status" data-testid="route-announcer" css={visuallyHidden}>
      {announcement}
    </p>
  );
}
