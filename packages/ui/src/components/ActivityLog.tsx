/** @jsxImportSource @emotion/react */
import type { PagedList } from '../hooks/use-paged-list';
import { ActivityTable, type ActivityItem } from './ActivityTable';
import { LoadMore } from './LoadMore';
import { ResourceState } from './ResourceState';

/** What the list holds, as "Load more" says it. */
const NOUN = { one: 'event', many: 'events' };

interface Props<T extends ActivityItem> {
  events: PagedList<T>;
  /** The table's name for screen readers. */
  caption: string;
  /** What is loading or failed, in words ("your activity"). */
  what: string;
  /** Said when the account has no event yet. */
  empty: string;
  errorText: (error: unknown) => string;
}

/** An account's activity log a page at a time: the table, then "Load more" (the user's own page and the admin's). */
export function ActivityLog<T extends ActivityItem>({ events, caption, what, empty, errorText }: Props<T>) {
  return (
    <ResourceState
      resource={events.resource}
      what={what}
      errorText={errorText}
      empty={<p css={{ margin: 0 }}>{empty}</p>}
    >
      {(items) => (
        <>
          <ActivityTable events={items} caption={caption} />
          <LoadMore shown={items.length} noun={NOUN} more={events.more} errorText={errorText} />
        </>
      )}
    </ResourceState>
  );
}
