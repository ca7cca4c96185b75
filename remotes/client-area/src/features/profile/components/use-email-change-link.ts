import { useEffect } from 'react';
import { currentUserApi, dataRightsApi, explainApiError } from '@kloof/api-client';
import { authStore } from '@kloof/auth';
import { toast } from '@kloof/ui';

/** The link mailed to the new address opens the profile with `#email-change=<token>`. */
const LINK = /^#email-change=([A-Za-z0-9_-]+)$/;

/** Tokens this page has sent already: a token is confirmed once, however often the effect runs. */
const followed = new Set<string>();

/**
 * Confirms an e-mail change whose link opened this page, or arrived while it was open (the same
 * page, a new hash): the token leaves the address bar first (a reload does not send it again),
 * then the new address goes to the auth store.
 */
export function useEmailChangeLink(): void {
  useEffect(() => {
    const follow = () => {
      const token = LINK.exec(window.location.hash)?.[1];
      if (!token || followed.has(token)) return;
      followed.add(token);
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      void (async () => {
        try {
          const { message } = await dataRightsApi.confirmEmailChange(token);
          authStore.setUser(await currentUserApi.get({ settings: true }));
          toast.success(message);
        } catch (error) {
          toast.error(explainApiError(error).message);
        }
      })();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
}
