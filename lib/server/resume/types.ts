import 'server-only';

/** One kept event: its sequence number (the SSE `id:`) and its JSON (the `data:` line). */
export interface LogEntry {
  seq: number;
  data: string;
  /** The answer's last event (`done`, `error` or `stopped`). */
  terminal: boolean;
}

/** Who may read and stop an answer. */
export interface AnswerAccess {
  /** SHA-256 of the resume token (token.ts). */
  tokenHash: string;
  /**
   * The identity key the answer is bound to when sign-in is configured; undefined when the token
   * alone authorises (no sign-in: an address is no identity, and it changes on a new network).
   */
  binding?: string;
}

/**
 * Delivers an answer's entries after `afterSeq`, in order, then every entry appended later, until
 * the terminal one; `onEnd` is called once when nothing more will come (the terminal was delivered,
 * or the answer is gone). Returns a function that stops delivering.
 */
export type EntryFeed = (
  afterSeq: number,
  onEntries: (entries: readonly LogEntry[]) => void,
  onEnd: () => void,
) => () => void;

/**
 * Who stores an answer besides its log (the conversations database): told of every batch of
 * events as it is appended, and once when generation is over, however it ended.
 */
export interface AnswerRecorder {
  /** Generation goes on when every reader left, instead of stopping after the grace period. */
  finishUnread: boolean;
  onEntries(entries: readonly LogEntry[]): void;
  onSettled(): void;
}
