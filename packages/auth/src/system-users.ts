import { useEffect, useState } from 'react';
import { systemApi } from '@kloof/api-client';
import { brand } from '@kloof/ui';
import { authStore } from './store';
import type { AuthSession } from './types';
import { useAuth } from './use-auth';

/** Emails of system users; the built-in list applies when the call fails or returns nothing. */
export async function fetchSystemUsers(): Promise<readonly string[]> {
  try {
    const list = await systemApi.systemUsers();
    return Array.isArray(list) && list.length > 0 ? list : brand.fallbackSystemUsers;
  } catch {
    return brand.fallbackSystemUsers;
  }
}

/** Membership is decided by the user's email being in the list (case does not matter in e-mail addresses). */
export function isSystemUser(email: string, list: readonly string[]): boolean {
  const wanted = email.trim().toLowerCase();
  return list.some((entry) => entry.trim().toLowerCase() === wanted);
}

/** The list of this session: asked once per signed-in session, forgotten at logout. */
let sessionList: { userId: string; list: Promise<readonly string[]> } | null = null;
authStore.subscribe((session) => {
  if (session.state === 'SIGNED_OUT') sessionList = null;
});

/** The system-users list for a signed-in user, fetched at most once per session; null when signed out. */
export function systemUsersOf(session: Pick<AuthSession, 'state' | 'user'>): Promise<readonly string[]> | null {
  if (session.state !== 'SIGNED_IN' || !session.user) return null;
  if (sessionList?.userId !== session.user.id) {
    sessionList = { userId: session.user.id, list: fetchSystemUsers() };
  }
  return sessionList.list;
}

/**
 * Whether the signed-in user is a system user: the one rule the /system guard and the shell's
 * System link share. null while the list is being fetched; false when signed out (never asks).
 */
export function useSystemUser(): boolean | null {
  const session = useAuth();
  const { user } = session;
  const list = systemUsersOf(session);
  const [answer, setAnswer] = useState<{ list: Promise<readonly string[]>; email: string; member: boolean } | null>(
    null,
  );
  useEffect(() => {
    if (!list || !user) return;
    let active = true;
    void list.then((emails) => {
      if (active) setAnswer({ list, email: user.email, member: isSystemUser(user.email, emails) });
    });
    return () => {
      active = false;
    };
  }, [list, user]);
  if (!list || !user) return false;
  return answer?.list === list && answer.email === user.email ? answer.member : null;
}
