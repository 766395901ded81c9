import {
  EMBED_HOST_HEADER,
  EMBED_PASS_HEADER,
  EMBED_PASS_PATH,
  VISITOR_HEADER,
  type EmbedPass,
} from '../../protocol/embed-access';

/** What the widget's fetch needs. */
export interface VisitorFetchOptions {
  visitorId: string;
  /** The pass the page was rendered with; null when the server has no sign-in method. */
  pass: EmbedPass | null;
  fetch: typeof fetch;
  now: () => number;
  /** The embedding page's origin once the widget's handshake verified it (none: opened directly). */
  hostOrigin?: () => string | null;
}

function apiPath(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.startsWith('/api/');
}

/**
 * The widget's `fetch`: its `/api/*` requests carry the visitor id, the verified host origin and,
 * when it has one, the embed pass — renewed once it is past half its life (a widget can stay open
 * for hours), before the request that needs it. A renewal that fails keeps the old pass: the server then says why.
 */
export function createVisitorFetch(options: VisitorFetchOptions): typeof fetch {
  let pass = options.pass;
  let issuedAt = options.now();
  let renewing: Promise<void> | null = null;

  async function renew(): Promise<void> {
    try {
      // The current pass goes along: the site it names carries over to the new one.
      const res = await options.fetch(EMBED_PASS_PATH, {
        cache: 'no-store',
        ...(pass ? { headers: { [EMBED_PASS_HEADER]: pass.pass } } : {}),
      });
      if (res.ok) {
        pass = (await res.json()) as EmbedPass;
        issuedAt = options.now();
      }
    } catch {
      // Offline for a moment: the request below goes out with the pass it has.
    }
  }

  return async (input, init) => {
    if (!apiPath(input)) return options.fetch(input, init);
    if (pass && options.now() > issuedAt + (pass.expires_at - issuedAt) / 2) {
      renewing ??= renew().finally(() => (renewing = null));
      await renewing;
    }
    const headers = new Headers(init?.headers);
    headers.set(VISITOR_HEADER, options.visitorId);
    if (pass) headers.set(EMBED_PASS_HEADER, pass.pass);
    const host = options.hostOrigin?.();
    if (host) headers.set(EMBED_HOST_HEADER, host);
    return options.fetch(input, { ...init, headers });
  };
}
