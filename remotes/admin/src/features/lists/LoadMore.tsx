import { useRef } from 'react';
import { errorMessage } from '@kloof/api-client';
import { Button } from '@kloof/ui';
import type { CursorList } from './use-cursor-list';

/**
 * Under a keyset list: how many rows are shown (a polite live region, so a screen reader hears
 * what "Load more" added) and the button for the next page. Focus stays with the button while
 * there is more, and moves to the count once everything is shown.
 */
export function LoadMore<T>({
  of: { list, loadMore, loadingMore, moreError },
  noun,
}: {
  of: CursorList<T>;
  /** Singular and plural: ['user', 'users']. */
  noun: readonly [string, string];
}) {
  const shown = list.data?.items.length ?? 0;
  const hasMore = Boolean(list.data?.next);
  const button = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const words = shown === 1 ? noun[0] : noun[1];
  const more = async () => {
    await loadMore();
    // The button was disabled while loading (and is gone after the last page): give focus a home.
    requestAnimationFrame(() => (button.current ?? status.current)?.focus());
  };
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: '0.5rem 1rem', flexWrap: 'wrap', marginTop: '1rem' }}>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        css={(theme) => ({ margin: 0, color: theme.colors.textMuted, fontSize: '0.9375rem' })}
      >
        {hasMore ? `${shown} ${words} shown, more to load` : `All ${shown} ${words} shown`}
      </p>
      {moreError ? (
        <p role="alert" css={(theme) => ({ margin: 0, color: theme.colors.danger })}>
          {errorMessage(moreError)}
        </p>
      ) : null}
      {hasMore ? (
        <Button ref={button} variant="secondary" size="sm" loading={loadingMore} onClick={() => void more()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
