import { useEffect, useState } from 'react';
import { errorStatus } from '@kloof/api-client';
import { useQueryParam } from './use-query-param';

/** The API's answers for an id that names nothing of the user's: malformed (400) or not theirs or gone (404). */
const NAMES_NOTHING = [400, 404];

/**
 * A filter on one of the user's own items kept in the URL (?workspace=, ?project=). An id that names
 * none of theirs (a link mistyped, to something deleted, or someone else's) is dropped, so the list
 * and the select agree on "all"; `note` says so in words until another choice is made. A lookup
 * that gets no answer (offline) keeps the filter.
 */
export function useOwnedFilter(
  param: string,
  lookUp: (id: string) => Promise<unknown>,
  text: { noun: string; all: string },
): { value: string; set: (value: string) => void; note: string | undefined } {
  const [value, setValue] = useQueryParam(param);
  const [dropped, setDropped] = useState(false);
  useEffect(() => {
    if (!value) return undefined;
    let current = true;
    lookUp(value).catch((error: unknown) => {
      if (!current || !NAMES_NOTHING.includes(errorStatus(error) ?? 0)) return;
      setDropped(true);
      setValue('');
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- checked once per id; setValue is new each render
  }, [value]);
  const set = (next: string) => {
    setDropped(false);
    setValue(next);
  };
  const note = dropped
    ? `The ${text.noun} in this link is not one of yours (it may have been deleted), so ${text.all} are shown.`
    : undefined;
  return { value, set, note };
}
