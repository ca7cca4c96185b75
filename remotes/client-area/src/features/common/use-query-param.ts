import { useSearchParams } from 'react-router-dom';

/** A filter kept in the URL's query (so it survives reloads and can be linked to); '' when absent. */
export function useQueryParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string): void => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };
  return [params.get(name) ?? '', set];
}
