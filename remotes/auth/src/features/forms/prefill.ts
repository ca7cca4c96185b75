import { useLocation, useSearchParams } from 'react-router-dom';

/** The e-mail address handed over by the previous step: `?email=` in the URL, or the router state. */
export function usePrefilledEmail(): string {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const fromState = (state as { email?: unknown } | null)?.email;
  return params.get('email') ?? (typeof fromState === 'string' ? fromState : '');
}

/** A path with `?email=` so the next step is prefilled, also after a reload or from another device. */
export function withEmail(path: string, email: string): string {
  return email ? `${path}?email=${encodeURIComponent(email.trim())}` : path;
}
