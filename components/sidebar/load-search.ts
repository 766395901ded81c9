import { onDemand } from '../ui/on-demand';

/**
 * The chat search and the list of its results (search-results.tsx), loaded when the search box is
 * first focused or typed in, not with the page.
 */
const search = onDemand(() => import('./search-results'));

export const loadSearch = search.load;
/** The search module if it has been loaded, else null. */
export const searchModule = search.current;
