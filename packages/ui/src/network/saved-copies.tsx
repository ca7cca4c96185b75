import { createContext, useContext } from 'react';

/** When data a screen shows was saved for offline (ms since the epoch), or null when it came fresh. */
export interface SavedCopies {
  savedAt(data: unknown): number | null;
}

/** Without a provider (unit tests, prerendering) all data is fresh. */
export const noSavedCopies: SavedCopies = { savedAt: () => null };

const SavedCopiesContext = createContext<SavedCopies>(noSavedCopies);

/** The host provides the api client's saved reads here; this package never talks HTTP itself. */
export const SavedCopiesProvider = SavedCopiesContext.Provider;

/** When `data` was saved, if it is a saved copy (shown offline), else null. */
export function useSavedAt(data: unknown): number | null {
  return useContext(SavedCopiesContext).savedAt(data);
}
