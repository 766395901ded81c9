import 'server-only';

import type { RunnelEvent, StreamError } from '../../protocol/events';
import type { EventSink } from './event-output';

/** A `status` event's fields: the words, and for a wait in line its figures. */
export type GateStatus = Omit<Extract<RunnelEvent, { type: 'status' }>, 'type'>;

/**
 * What the stream asks before and after its upstream call, in one place so the stream code only
 * has two hooks: `enter` before the fetch and `leave` in one `finally`. The pipeline defines it and
 * the guards implement it (limits and admission: `admitChat` in lib/server/limits/chat-limits.ts),
 * so the pipeline never imports them.
 */
export interface StreamGate {
  /**
   * Before the upstream call. May wait (telling the browser through `status`); resolves to an
   * error to end the answer with instead of calling the backend, or to nothing to go ahead.
   * `signal` aborts when the browser goes away: it must then resolve at once.
   */
  enter(io: {
    signal: AbortSignal;
    status: (status: GateStatus) => void;
  }): Promise<StreamError | void>;
  /** Every event the relay hands to the browser (token accounting). */
  observe(event: RunnelEvent): void;
  /** Exactly once, however the stream ended (done, error, stop, disconnect). */
  leave(): void;
}

/** The sink the relay writes to, with every event shown to the gate on the way. */
export function observedSink(sink: EventSink, gate: StreamGate): EventSink {
  return {
    send(event) {
      gate.observe(event);
      sink.send(event);
    },
    sendAll(events) {
      for (const event of events) gate.observe(event);
      sink.sendAll(events);
    },
    isClosed: () => sink.isClosed(),
    whenWritable: (signal) => sink.whenWritable(signal),
  };
}

/**
 * Runs `relay` behind the gate: nothing reaches the backend before `enter` lets it, and `leave` is
 * called once whatever happens. `stopped` aborts when the browser goes away.
 */
export async function runGated(
  gate: StreamGate,
  output: EventSink,
  stopped: AbortSignal,
  relay: () => Promise<void>,
): Promise<void> {
  try {
    const status = (fields: GateStatus) => output.send({ type: 'status', ...fields });
    const refused = await gate.enter({ signal: stopped, status });
    if (output.isClosed()) return;
    if (refused) return output.send({ type: 'error', error: refused });
    await relay();
  } catch {
    if (!output.isClosed()) {
      output.send({
        type: 'error',
        error: { code: 'internal_error', message: 'The stream ended unexpectedly' },
      });
    }
  } finally {
    gate.leave();
  }
}
