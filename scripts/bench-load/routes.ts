/** The two routes measured side by side: Runnel's chat route and the raw byte pipe. */
import type { StandaloneApp } from '../../testing/stack/standalone';

export type RouteKind = 'runnel' | 'pipe';

/** Where a stream of `kind` is posted. */
export function routeURL(app: StandaloneApp, kind: RouteKind): string {
  return `${app.url}${kind === 'runnel' ? '/api/chat' : '/api/bench/pipe'}`;
}

/** The request body for a scenario; the marker lets the backend's records be found. */
export function routeBody(kind: RouteKind, scenario: string, marker: string) {
  return {
    model: kind === 'runnel' ? `vllm:${scenario}` : scenario,
    messages: [{ role: 'user', content: marker }],
  };
}
