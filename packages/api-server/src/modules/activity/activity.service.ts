import type { ActivityEvent, ActivityListQuery, ActivityPage } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import * as newestFirst from '../common/newest-first';

/** One keyset page of a user's activity log, newest first: one range of activity_events_user_at_idx. */
export function listActivity(db: Db, userId: string, q: ActivityListQuery): Promise<ActivityPage> {
  const events = db
    .selectFrom('activity_events')
    .selectAll()
    .select(newestFirst.exactTime('activity_events.at').as('sort_key'))
    .where('activity_events.user_id', '=', userId);
  return newestFirst.listPage(
    'activity',
    q,
    {},
    (page) => newestFirst.rowsOf(events, page, 'activity_events', ['at', 'id']),
    (row): ActivityEvent => ({
      id: row.id,
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      browser: row.browser,
      os: row.os,
      // Past RETENTION_DAYS only the network is kept.
      address: row.address ?? row.network,
      place: row.place,
      details: row.details as ActivityEvent['details'],
    }),
  );
}
