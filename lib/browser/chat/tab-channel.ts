/**
 * What one tab tells the other tabs of the same app about conversations: the data itself stays in
 * IndexedDB, the message only says which conversation to read again.
 */
export type TabMessage =
  /** A conversation was written (new, changed, renamed…): read it again. */
  | { type: 'saved'; id: string }
  | { type: 'deleted'; id: string }
  /** Stop the answer streaming in this conversation, in whichever tab runs it. */
  | { type: 'stop'; id: string };

/** A channel to the other tabs. */
export interface TabChannel {
  post(message: TabMessage): void;
  /** Calls `listener` with each message another tab posts; returns the unsubscribe. */
  listen(listener: (message: TabMessage) => void): () => void;
}

const TYPES = new Set(['saved', 'deleted', 'stop']);

function isTabMessage(v: unknown): v is TabMessage {
  const m = v as Partial<TabMessage> | null;
  return typeof m?.id === 'string' && typeof m.type === 'string' && TYPES.has(m.type);
}

/**
 * A `BroadcastChannel` (every tab and window of this origin), or null where there is none. A
 * channel never hears its own messages, so a tab does not re-read what it just wrote.
 */
export function createBroadcastTabChannel(name = 'runnel:conversations'): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(name);
  } catch {
    return null;
  }
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (page going away): the other tabs read the change on their next load.
      }
    },
    listen: (listener) => {
      const onMessage = (event: MessageEvent) => {
        if (isTabMessage(event.data)) listener(event.data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
