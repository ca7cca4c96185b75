import { usersApi, type User } from '@kloof/api-client';

/** The API's largest page. */
const PAGE_SIZE = 100;
/** Enough for an agency's client list; the overview says when it stopped early. */
const MAX_PAGES = 20;

/** The newest users, page after page up to MAX_PAGES: for the overview's counts (/super asks for role holders by role). */
export async function fetchAllUsers(): Promise<{ users: User[]; complete: boolean }> {
  const users: User[] = [];
  let after: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const result = await usersApi.list({ after, limit: PAGE_SIZE });
    users.push(...result.items);
    if (result.next === null) return { users, complete: true };
    after = result.next;
  }
  return { users, complete: false };
}
