import type { ConversationSettings } from './conversation';
import type { ScheduleFrame } from './frame-batcher';
import type { NetworkWatch } from './network-watch';
import type { ChatPersistence, StorageFailure } from './persistence';
import type { createRemoteSync } from './remote-sync';
import type { RunLocks } from './run-locks';
import type { StashedRuns } from './stashed-runs';
import type { TimerApi } from './save-scheduler';
import type { TabChannel } from './tab-channel';

/** The store's surroundings, injected so tests can run it without a browser. */
export interface ChatStoreDeps {
  /** Builds the persistence; `onFallback` is called once if storage fails. Defaults to memory. */
  createPersistence?: (onFallback: (failure: StorageFailure) => void) => ChatPersistence;
  fetch: typeof fetch;
  now?: () => number;
  newId?: () => string;
  scheduleFrame: ScheduleFrame;
  timers: TimerApi;
  /** Streaming answers are saved at least this often (a crash loses at most a second of an answer). */
  saveIntervalMs?: number;
  chatUrl?: string;
  /** Online/offline, so a dropped answer reattaches when the network is back. */
  network?: NetworkWatch;
  /** The other tabs showing the same conversations (the chat page); none in the widget. */
  channel?: TabChannel | null;
  /** Which tab streams which answer (run-locks.ts); without, a `streaming` answer on load is cut off. */
  locks?: RunLocks | null;
  /**
   * Merges other tabs' changes in (remote-sync.ts). Passed in rather than imported so a page
   * without other tabs (the widget) does not ship it.
   */
  createRemoteSync?: typeof createRemoteSync;
  /** The reader's settings for new chats (the chat page's); the model defaults without. */
  defaults?: () => ConversationSettings;
  /** Signed in: each answer request names its conversation, and the server stores the answer. */
  storeOnServer?: boolean;
  /**
   * Keeps the streaming answers' tokens in the page-hide stash and reads them back (stashed-runs.ts).
   * Passed in like `createRemoteSync`: the widget keeps no stash and does not ship it.
   */
  stashedRuns?: StashedRuns;
  /**
   * Runs `cb` in a task after the current one: an answer's request is built and sent there, not in
   * the task that asked for it, and an answer is settled there, not in the task that showed its
   * last text (the chat page: the first send's key press and the answer's end stay short,
   * docs/performance.md). Without, at once.
   */
  later?: (cb: () => void) => void;
  /**
   * Whether the text still waiting when an answer ends is shown a portion per frame before the
   * answer counts as ended (answer-run.ts); at once without. The page: while it is shown.
   */
  paceEnd?: () => boolean;
}
