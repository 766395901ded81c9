import 'server-only';

import { observedSink, runGated, type StreamGate } from './stream-gate';
import { trackStream } from '../shutdown/drain';
import { createEventOutput, type EventOutputDeps, type EventOutputOptions } from './event-output';
import {
  createUpstreamRelay,
  type UpstreamRelay,
  type UpstreamRelayDeps,
  type UpstreamRelayOptions,
} from './upstream-relay';

export type { StreamSummary } from './event-output';

export type StreamChatOptions = EventOutputOptions & UpstreamRelayOptions;

export interface StreamChatDeps extends EventOutputDeps, UpstreamRelayDeps {
  /** Limits and admission: entered before the upstream call, left once when the stream ends. */
  gate?: StreamGate;
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
  const started: { relay?: UpstreamRelay; untrack?: () => void } = {};
  const stopped = new AbortController();
  const output = createEventOutput(options, deps, (reason) => {
    stopped.abort();
    started.relay?.abort(reason);
    started.untrack?.();
  });
  if (output.isClosed()) {
    deps.gate?.leave();
    return output.stream;
  }
  const { gate } = deps;
  const relay = createUpstreamRelay(options, deps, gate ? observedSink(output, gate) : output);
  started.relay = relay;
  // A shutdown whose grace ran out ends the answer through the relay, so text it holds goes first.
  started.untrack = trackStream({ end: () => relay.abort('shutdown') });
  void (gate ? runGated(gate, output, stopped.signal, () => relay.run()) : relay.run());
  return output.stream;
}
