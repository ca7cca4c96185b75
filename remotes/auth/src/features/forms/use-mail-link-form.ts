import { useLocation } from 'react-router-dom';
import { explainApiError } from '@kloof/api-client';
import { useForm } from '@kloof/ui';

/**
 * The form of a page a mailed link opens (`#<token>`): it uses the token on a click, never on load,
 * so a mail scanner that opens links uses nothing up. The token is after '#', which browsers never
 * send to the web server. A link without one fails with `incomplete` before any call is made.
 */
export function useMailLinkForm(incomplete: string, redeem: (token: string) => Promise<void>) {
  const { hash } = useLocation();
  return useForm({
    initial: {},
    explain: explainApiError,
    submit: async () => {
      const token = hash.replace(/^#/, '');
      if (!token) throw new Error(incomplete);
      await redeem(token);
    },
  });
}
