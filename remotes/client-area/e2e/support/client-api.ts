import { e2e, type Account } from '@kloof/test-kit/e2e';

/** One call to the test API as the account (its bearer token), answering the parsed body; refuses on any failure. */
export async function api<T>(account: Account, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.apiUrl}/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
