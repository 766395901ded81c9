import { HOST_ORIGIN_HEADER, VISITOR_HEADER } from '../../protocol/visitor-headers';

const STORAGE_KEY = 'runnel-visitor-id';

/** The widget's anonymous visitor: never signed in, but counted (limits) by this id. */
export interface Visitor {
  readonly id: string;
  /** Names the embedding page's origin once the handshake verified it (none: opened directly). */
  setHostOrigin(origin: string): void;
  /** `fetch` that adds the visitor headers (used for the widget's chat requests). */
  fetch: typeof fetch;
}

/**
 * A random id kept in the iframe's own storage — partitioned by the embedding site in current
 * browsers, so it identifies a visitor on one site only — or in memory for the page's life where
 * that storage is blocked. It is not a secret and not proof of anything: the server also counts
 * the visitor's address, and the stricter count wins.
 */
export function createVisitor(storage: () => Storage | null, base: typeof fetch): Visitor {
  let id: string | null = null;
  try {
    const store = storage();
    id = store?.getItem(STORAGE_KEY) ?? null;
    if (!id && store) {
      id = crypto.randomUUID();
      store.setItem(STORAGE_KEY, id);
    }
  } catch {
    // Storage blocked (third-party iframe settings): an id for as long as the page is open.
  }
  const visitorId = id ?? crypto.randomUUID();
  let hostOrigin: string | null = null;
  return {
    id: visitorId,
    setHostOrigin(origin) {
      hostOrigin = origin;
    },
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set(VISITOR_HEADER, visitorId);
      if (hostOrigin) headers.set(HOST_ORIGIN_HEADER, hostOrigin);
      return base(input, { ...init, headers });
    },
  };
}
