import { useCallback, useState } from 'react';

/** Where the desktop sidebar's collapsed state is remembered between visits. */
export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

function stored(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The desktop sidebar's collapsed state, kept in localStorage. */
export function useCollapsedSidebar(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Storage may be unavailable (private mode); the toggle still works for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
