import { usersApi, type User } from '@kloof/api-client';

/** The API's largest page. */
const PAGE_SIZE = 100;
/** Enough for an agency's client list; the overview says when it stopped early. */
const MAX_PAGES = 20;

/** Every user, page by page (the API has no role filter): for role lists and counts. */
export async function fetchAllUsers(): Promise<{ users: User[]; total: number; complete: boolean }> {
  const users: User[] = [];
  let total = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const result = await usersApi.list({ page, pageSize: PAGE_SIZE });
    users.push(...result.items);
    total = result.total;
    if (users.length >= total || result.items.length === 0) return { users, total, complete: true };
  }
  return { users, total, complete: users.length >= total };
}
