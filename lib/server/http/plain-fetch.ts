import 'server-only';

/** What Next's route runtime leaves on the `fetch` it puts in place of Node's own. */
type PatchedFetch = typeof fetch & { _nextOriginalFetch?: typeof fetch };

/**
 * The `fetch` to call backends with: Node's own, not the one Next's route runtime installs in its
 * place. Next's wraps every call for its data cache and a tracing span, neither of which a POST to
 * a backend (never cached) or a listing uses, at about 0.2 ms of CPU per call, which on a chat sits
 * before the upstream request (traced). Next keeps the function it wrapped on the wrapper; where it
 * did not wrap (tests, scripts), the global is returned as it is.
 */
export function plainFetch(): typeof fetch {
  const current = globalThis.fetch as PatchedFetch;
  return current._nextOriginalFetch ?? current;
}
