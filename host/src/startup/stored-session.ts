/**
 * Whether this browser holds a session's tokens (the spec's localStorage names accessToken and
 * refreshToken). Read before the async boundary, where @kloof/api-client (a shared module) cannot
 * be imported yet; whether they are still good is the session check's to say.
 */
export function holdsSessionTokens(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return Boolean(storage.getItem('accessToken') || storage.getItem('refreshToken'));
  } catch {
    // Storage refused (privacy settings): no session can be held.
    return false;
  }
}
