import type { RunnelEvent, StreamError } from '../../protocol/events';

/**
 * What the stream asks before and after its upstream call (limits and admission), in one place so
 * the stream code only has two hooks: `enter` before the fetch and `leave` in one `finally`.
 */
export interface StreamGate {
  /**
   * Before the upstream call. May wait (telling the browser through `status`); resolves to an
   * error to end the answer with instead of calling the backend, or to nothing to go ahead.
   * `signal` aborts when the browser goes away: it must then resolve at once.
   */
  enter(io: {
    signal: AbortSignal;
    status: (message: string) => void;
  }): Promise<StreamError | void>;
  /** Every event sent to the browser (token accounting). */
  observe(event: RunnelEvent): void;
  /** Exactly once, however the stream ended (done, error, stop, disconnect). */
  leave(): void;
}
