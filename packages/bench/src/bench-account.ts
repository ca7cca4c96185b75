import { createAccount, type Account } from '@kloof/test-kit/e2e/api';
import { e2e } from '@kloof/test-kit/e2e/environment';

/** Posts one resource as the account; its JSON answer. */
async function post<T>(account: Account, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${e2e.apiUrl}/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The bench's returning client: a verified Admin (so /manage/users opens too) with two workspaces,
 * three projects and three links, so every page's data calls answer with something to show.
 */
export async function benchAccount(): Promise<Account> {
  const account = await createAccount({ roles: ['Admin'] });
  const workspaces = [];
  for (const name of ['Harbour app', 'Winelands shop']) {
    workspaces.push(await post<{ id: string }>(account, 'workspaces', { name, description: `${name} for the bench` }));
  }
  for (const [index, name] of ['Website', 'Booking flow', 'Stock sync'].entries()) {
    const workspaceId = workspaces[index % workspaces.length]!.id;
    const project = await post<{ id: string }>(account, 'projects', { workspaceId, name, status: 'active' });
    await post(account, 'links', {
      workspaceId,
      projectId: project.id,
      title: `${name} staging`,
      url: 'https://example.com/',
    });
  }
  return account;
}
