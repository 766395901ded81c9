/**
 * Waits for a condition instead of a fixed sleep (used by unit tests on both sides: not imported
 * by production code). Both poll every 1 ms, that is on the next turns of the event loop, and
 * throw once `timeoutMs` passed without the condition met.
 */

/** Waits until `check` passes (polling microtasks and short timers). */
export async function until(check: () => boolean, timeoutMs = 1000): Promise<void> {
  await untilRead(async () => check(), Boolean, timeoutMs);
}

/**
 * Waits until `check` passes on what `read` resolves to (an asynchronous read, such as a storage
 * backend's), reading again every 1 ms like `until`; returns the value that passed.
 */
export async function untilRead<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 1000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 1));
  }
}
