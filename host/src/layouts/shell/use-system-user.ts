import { useEffect, useState } from 'react';
import { fetchSystemUsers } from '@kloof/auth';

/** Whether the signed-in user's email is in the system-users list (for the sidebar's System link). */
export function useIsSystemUser(email: string | null | undefined): boolean {
  // The answer is kept with the email it was asked for, so a stale answer never applies.
  const [answer, setAnswer] = useState<{ email: string; member: boolean } | null>(null);
  useEffect(() => {
    if (!email) return;
    let active = true;
    void fetchSystemUsers().then((list) => {
      if (active) setAnswer({ email, member: list.includes(email) });
    });
    return () => {
      active = false;
    };
  }, [email]);
  return Boolean(email) && answer !== null && answer.email === email && answer.member;
}
