import { http } from '@kloof/api-client';
import { brand } from '@kloof/ui';

/** Emails of system users; the built-in list applies when the call fails or returns nothing. */
export async function fetchSystemUsers(): Promise<readonly string[]> {
  try {
    const { data } = await http.get<string[]>('system-users');
    return Array.isArray(data) && data.length > 0 ? data : brand.fallbackSystemUsers;
  } catch {
    return brand.fallbackSystemUsers;
  }
}
