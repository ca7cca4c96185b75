import { useEffect, useState, type DependencyList } from 'react';
import { SelectField, useResource } from '@kloof/ui';
import { SearchField } from '@kloof/ui/lists';

/** What a picker offers: an item's id and the name it shows. */
export interface Choice {
  id: string;
  name: string;
}

/** How many matches a picker asks for: enough to choose from, few enough to read. */
export const PICKER_LIMIT = 20;

interface Props {
  /** The select's label, e.g. "Workspace". */
  label: string;
  /** The search box's label, e.g. "Find a workspace". */
  searchLabel: string;
  value: string;
  onChange: (id: string) => void;
  /** Asks the server for the first PICKER_LIMIT items whose name holds `text` (all when ''). */
  find: (text: string) => Promise<Choice[]>;
  /** What else the answers of `find` depend on (e.g. the workspace of the projects offered). */
  deps?: DependencyList;
  /** The chosen item, when it may not be among the matches (a filter from the address, an edited item). */
  chosen?: Choice | undefined;
  /** Looks the chosen item up when it is not among the matches and not given. */
  lookUp?: (id: string) => Promise<Choice>;
  /** A first option meaning "none chosen", e.g. "All workspaces"; without it the first match is chosen. */
  none?: string;
  /** The item exists: it stays where it is, nothing is asked. */
  locked?: boolean;
  required?: boolean;
  error?: string | null;
  hint?: string | undefined;
  name?: string;
}

/**
 * One item of a list that may be long, picked by name: a search box the server answers (the
 * first matches only) and a select of those matches. The list is never loaded whole.
 */
export function SearchPicker({ find, deps = [], chosen, lookUp, none, locked = false, ...props }: Props) {
  const [search, setSearch] = useState('');
  const { value, onChange } = props;
  // A failed search keeps the select as it was; the form's submit says what the server refuses.
  const matches = useResource(async () => (locked ? [] : find(search)), [search, locked, ...deps]).data ?? [];

  // Nothing chosen and no "none" option: the first match is the choice, as a select shows it.
  const first = matches[0]?.id;
  useEffect(() => {
    if (!none && !value && first) onChange(first);
  }, [none, value, first, onChange]);

  const given = chosen?.id === value ? chosen : matches.find((m) => m.id === value);
  const looked = useResource(
    async () => (value && !given && lookUp ? lookUp(value) : undefined),
    [value, Boolean(given)],
  ).data;
  const known = given ?? (looked?.id === value ? looked : undefined);
  const offered = [...(known && !matches.some((m) => m.id === known.id) ? [known] : []), ...(locked ? [] : matches)];
  const options = [
    ...(none ? [{ value: '', label: none }] : []),
    ...offered.map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <>
      {locked ? null : <SearchField label={props.searchLabel} value={search} onSearch={setSearch} />}
      <SelectField
        label={props.label}
        name={props.name}
        required={props.required}
        disabled={locked}
        error={props.error ?? null}
        hint={props.hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={options}
      />
    </>
  );
}
