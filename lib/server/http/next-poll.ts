import 'server-only';

/**
 * Resolves in the event loop's check phase after its next poll for I/O: whatever connection or
 * write was started before the call has had that poll to complete.
 */
export function afterNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
