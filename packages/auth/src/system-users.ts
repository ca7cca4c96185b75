import { systemApi } from '@kloof/api-client';
import { brand } from '@kloof/ui';

/** Emails of system users; the built-in list applies when the call fails or returns nothing (spec point 6). */
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
