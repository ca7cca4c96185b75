/** @jsxImportSource @emotion/react */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Wider for forms with several fields. */
  size?: 'sm' | 'md';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab stops at inside `root`, in order (a radio group is one stop: its checked radio). */
function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked) return true;
    const group = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((r) => r.name === el.name);
    return !group.some((radio) => radio.checked);
  });
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape closes it, and Tab
 * cycles inside it (the browser alone would let focus leave for its own toolbar). Focus goes
 * back to where it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, size = 'md' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read while rendering, before a field inside with autoFocus takes the focus at commit.
  const [previous] = useState(() => document.activeElement as HTMLElement | null);

  // Layout effect: the cleanup runs before React removes the element, so close() restores focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      previous?.focus?.();
    };
  }, [previous]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || !ref.current) return;
        const stops = tabStops(ref.current);
        const first = stops[0];
        const last = stops[stops.length - 1];
        if (!first || !last) return;
        const wrapTo = event.shiftKey
          ? document.activeElement === first && last
          : document.activeElement === last && first;
        if (wrapTo) {
          event.preventDefault();
          wrapTo.focus();
        }
      }}
      css={(theme) => ({
        width: `min(${size === 'sm' ? '28rem' : '36rem'}, calc(100vw - 2rem))`,
        maxHeight: 'calc(100vh - 2rem)',
        padding: 0,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '1rem',
        background: theme.colors.background,
        color: theme.colors.text,
        boxShadow: '0 24px 64px rgba(0, 0, 0, 0.3)',
        '&::backdrop': { background: theme.colors.overlay },
      })}
    >
      {/* A long unbroken name (a workspace called one 80-letter word) wraps inside, never past the edge. */}
      <div css={{ padding: '1.5rem', overflowWrap: 'anywhere' }}>
        <h2 id={titleId} css={{ margin: '0 0 1rem', fontSize: '1.25rem' }}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '0.5rem', marginTop: '1.5rem' }}>
      {children}
    </div>
  );
}
