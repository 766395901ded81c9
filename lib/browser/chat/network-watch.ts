/** Whether the browser has a network, and when it has one again. */
export interface NetworkWatch {
  /** Resolves at once when online, else at the next `online` event (or when `signal` aborts). */
  whenOnline(signal: AbortSignal): Promise<void>;
}

/** Always online: for tests and for hosts without `navigator.onLine`. */
export const ALWAYS_ONLINE: NetworkWatch = { whenOnline: () => Promise.resolve() };
