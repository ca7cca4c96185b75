import { endpoints } from '@kloof/api-contract/endpoints';
import type { ActivityListQuery } from '@kloof/api-contract';
import { call } from '../call';

const { activity } = endpoints;

/** An account's activity log: the user's own, and (Admin or SuperAdmin) another user's. */
export const activityApi = {
  /** One page of my activity, newest first (`after`: the previous page's `next`). */
  mine: (query: ActivityListQuery = {}) => call(activity.listMyActivity, { query }),
  ofUser: (userId: string, query: ActivityListQuery = {}) =>
    call(activity.listUserActivity, { params: { id: userId }, query }),
  /** Uses a "this was not me" link: every session ends; the answer's code sets a new password. */
  notMe: (token: string) => call(activity.notMe, { body: { token } }),
};
