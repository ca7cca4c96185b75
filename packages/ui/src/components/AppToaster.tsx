import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { useColorScheme } from '../theme/ThemeProvider';
import { loadedSonner, onSonnerLoaded, toasterSubscribed } from '../toast/toast';

/**
 * Toast settings: 3 visible, 4000 ms, 356 px wide, 14 px apart, 18px text, themed, rich colours.
 * Sonner has no prop for the swipe threshold: its built-in threshold is the 45 px we need,
 * recorded here so a test guards the number.
 */
export const TOASTER_SETTINGS = {
  visibleToasts: 3,
  duration: 4000,
  width: 356,
  gap: 14,
  swipeThreshold: 45,
  fontSize: '18px',
} as const;

/**
 * Rich colours whose text reads at 4.5:1 on its background (the 18 px toast text is not "large"):
 * sonner's own light ones are 3.0-4.4:1. Backgrounds are sonner's; dark texts sonner's too.
 */
const RICH_COLORS: Record<'light' | 'dark', Record<`--${string}`, string>> = {
  light: {
    '--success-bg': '#ecfdf3',
    '--success-text': '#15703a',
    '--info-bg': '#f0f8ff',
    '--info-text': '#0b5cad',
    '--warning-bg': '#fffcf0',
    '--warning-text': '#8a4b08',
    '--error-bg': '#fff0f0',
    '--error-text': '#b91c1c',
  },
  dark: {
    '--success-bg': '#001f10',
    '--success-text': '#5ef2a8',
    '--info-bg': '#000d1f',
    '--info-text': '#5b98f2',
    '--warning-bg': '#1c1f00',
    '--warning-text': '#f2cf5b',
    '--error-bg': '#2d0607',
    '--error-text': '#ff9ea1',
  },
};

/** Sonner's buttons are 12 px high-density by default: sized here for the 18 px toast text (and a touch target). */
const actionButtonStyle: CSSProperties = {
  fontSize: '16px',
  fontWeight: 600,
  height: 'auto',
  minHeight: '36px',
  padding: '6px 14px',
  borderRadius: '8px',
};

/**
 * The product's one Toaster, rendered by the host, themed with the colour scheme. It renders
 * nothing until the first toast has downloaded sonner (see ../toast/toast.ts).
 */
export function AppToaster() {
  const sonner = useSyncExternalStore(onSonnerLoaded, loadedSonner, loadedSonner);
  return sonner ? <SubscribedToaster Toaster={sonner.Toaster} /> : null;
}

function SubscribedToaster({ Toaster }: { Toaster: typeof SonnerToaster }) {
  const { scheme } = useColorScheme();
  // Effects run child first: sonner's Toaster has subscribed to its toast state by now.
  useEffect(() => {
    return toasterSubscribed();
  }, []);
  return (
    <Toaster
      theme={scheme}
      richColors
      visibleToasts={TOASTER_SETTINGS.visibleToasts}
      duration={TOASTER_SETTINGS.duration}
      gap={TOASTER_SETTINGS.gap}
      closeButton={false}
      style={{ '--width': `${TOASTER_SETTINGS.width}px`, ...RICH_COLORS[scheme] } as CSSProperties}
      toastOptions={{
        style: { fontSize: TOASTER_SETTINGS.fontSize },
        actionButtonStyle,
        cancelButtonStyle: actionButtonStyle,
      }}
    />
  );
}
