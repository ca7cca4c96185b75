/**
 * Paged lists: the hook that loads keyset pages and keeps them right after edits, the "Load more"
 * line under a list and the search field above it. Its own entry (not the shared `@kloof/ui`), so
 * the first load of a page without a list does not carry it; each app that lists bundles it.
 */
export { usePagedList, type KeysetPage, type MorePages, type PagedList } from './hooks/use-paged-list';
export { LoadMore } from './components/LoadMore';
export { SearchField, SEARCH_DELAY_MS } from './components/SearchField';
export { ActivityLog } from './components/ActivityLog';
