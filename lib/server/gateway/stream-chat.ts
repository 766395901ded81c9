import 'server-only';

import { createEventOutput, type EventOutputDeps, type EventOutputOptions } from './event-output';
import {
  createUpstreamRelay,
  type UpstreamRelay,
  type UpstreamRelayOptions,
} from './upstream-relay';

export type { StreamSummary } from './event-output';

export type StreamChatOptions = EventOutputOptions & UpstreamRelayOptions;

interface StreamChatDeps extends EventOutputDeps {
  fetch: typeof fetch;
}

/**
 * Proxies one chat request: returns the browser-facing event stream at once (with `start`), then
 * relays the backend's stream as Runnel events. The upstream connection is closed the moment the
 * browser goes away, on a terminal event, or on a timeout — closing it is what makes vLLM stop
 * generating and free the GPU.
 */
export function streamChat(
  options: StreamChatOptions,
  deps: StreamChatDeps,
): ReadableStream<Uint8Array> {
  // The output is created first (its stream starts with `start` at once); a browser already gone
  // by then means the relay never runs, so there is nothing to abort.
  const started: { relay?: UpstreamRelay } = {};
  const output = createEventOutput(options, deps, (reason) => started.relay?.abort(reason));
  if (output.isClosed()) return output.stream;
  started.relay = createUpstreamRelay(options, deps, output);
  void started.relay.run();
  return output.stream;
}
