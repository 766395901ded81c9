'use client';

import { createContext, useContext } from 'react';

/**
 * The `fetch` the server-state queries use: the page's own, except inside the widget, whose
 * requests carry its visitor id and embed pass (EmbedApp provides that one).
 */
export const ApiFetchContext = createContext<typeof fetch | null>(null);

const pageFetch: typeof fetch = (...args) => window.fetch(...args);

/** The `fetch` for API requests from here. */
export function useApiFetch(): typeof fetch {
  return useContext(ApiFetchContext) ?? pageFetch;
}
