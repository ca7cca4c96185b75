/** @jsxImportSource @emotion/react */
import { useEffect, useRef, useState } from 'react';
import { TextField } from './TextField';

/** How long typing pauses before the search is asked: one request per word, not per letter. */
export const SEARCH_DELAY_MS = 300;

interface Props {
  label: string;
  /** The search in force (e.g. from the address): the field starts with it. */
  value: string;
  /** Called with the trimmed text once typing pauses, only when it differs from `value`. */
  onSearch: (text: string) => void;
  hint?: string;
  placeholder?: string;
}

/** A labelled search box for a list the server searches: it asks once typing pauses. */
export function SearchField({ label, value, onSearch, hint, placeholder }: Props) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => latest.current(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      label={label}
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      autoComplete="off"
      spellCheck={false}
      {...(hint ? { hint } : {})}
      {...(placeholder ? { placeholder } : {})}
    />
  );
}
