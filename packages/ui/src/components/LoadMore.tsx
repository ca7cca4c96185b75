/** @jsxImportSource @emotion/react */
import { useEffect, useRef } from 'react';
import type { MorePages } from '../hooks/use-paged-list';
import { Button } from './Button';
import { ErrorNotice } from './ErrorNotice';

interface Props {
  /** How many items the list shows now. */
  shown: number;
  /** What the list holds, lower case: { one: 'workspace', many: 'workspaces' }. */
  noun: { one: string; many: string };
  more: MorePages;
  /** The error's text for people (the caller knows how to read API errors). */
  errorText: (error: unknown) => string;
}

/**
 * Under a paged list: how many items are shown (said politely to screen readers as it changes),
 * the "Load more" button while the server has more, and why the last load failed (the button, kept
 * where the keyboard focus is, tries again).
 */
export function LoadMore({ shown, noun, more, errorText }: Props) {
  const status = useRef<HTMLParagraphElement>(null);
  const hadFocus = useRef(false);
  const words = `${shown} ${shown === 1 ? noun.one : noun.many}`;
  // The last page took the button away: its focus goes to the count, not to the top of the page.
  useEffect(() => {
    if (!more.available && hadFocus.current) status.current?.focus();
    hadFocus.current = false;
  }, [more.available]);

  return (
    <div css={{ display: 'grid', justifyItems: 'center', gap: '0.75rem', marginTop: '1.5rem' }}>
      <p
        ref={status}
        role="status"
        aria-live="polite"
        tabIndex={-1}
        css={(theme) => ({ margin: 0, color: theme.colors.textMuted, fontSize: '0.9375rem' })}
      >
        {more.available ? `Showing ${words}. There are more.` : `Showing all ${words}.`}
      </p>
      {more.error ? (
        <ErrorNotice title={`More ${noun.many} could not be loaded`}>{errorText(more.error)}</ErrorNotice>
      ) : null}
      {more.available ? (
        <Button
          variant="secondary"
          aria-busy={more.loading}
          onClick={() => {
            hadFocus.current = true;
            more.load();
          }}
        >
          {more.loading ? `Loading more ${noun.many}…` : `Load more ${noun.many}`}
        </Button>
      ) : null}
    </div>
  );
}
