/**
 * The message window's arithmetic, apart from the DOM: which messages of a conversation are
 * mounted, and how a step moves that range. `use-message-window.ts` feeds it what the browser
 * observed.
 */

/**
 * Messages shown when a conversation opens: its last ones, more than a tall screen holds. A
 * conversation of 1,000 messages rendered whole took seconds to open (`npm run bench:render`);
 * the last few dozen show at once.
 */
export const FIRST_MESSAGES = 24;
/**
 * Messages added at an end of the window in one step. Each step is rendered as a transition, so
 * its size sets how far ahead the window keeps, not how long a frame waits.
 */
export const MORE_MESSAGES = 24;

/**
 * What the window remembers. `null` bounds follow the conversation: `first: null` is its last
 * `FIRST_MESSAGES`, `end: null` its end, whatever its length. Once the reader has moved the window
 * away from the end (`end` set), `countAtMove` is the length it had then: a message added or
 * removed since (a send, a version switched) brings the window back to the end, as the list
 * itself scrolls back to the latest turn.
 */
export interface WindowState {
  conversationId: string;
  first: number | null;
  end: number | null;
  countAtMove: number;
}

/** The mounted range: messages `first` to `end - 1`. */
export interface WindowRange {
  first: number;
  end: number;
}

/** A fresh window over `conversationId`'s last messages. */
export function windowAtEnd(conversationId: string): WindowState {
  return { conversationId, first: null, end: null, countAtMove: 0 };
}

/** The range `state` mounts in a conversation of `count` messages. */
export function resolveWindow(
  state: WindowState,
  conversationId: string,
  count: number,
): WindowRange {
  const fresh =
    state.conversationId === conversationId && (state.end === null || state.countAtMove === count);
  const end = fresh && state.end !== null ? Math.min(state.end, count) : count;
  const first =
    fresh && state.first !== null
      ? Math.min(state.first, end)
      : Math.max(0, count - FIRST_MESSAGES);
  return { first, end };
}

/**
 * Whether the message at an index may be unmounted: it is far from the view (known from an
 * observation, so a message not yet observed is kept), and holds nothing the reader is working in.
 */
export type Droppable = (index: number) => boolean;

function settle(conversationId: string, count: number, range: WindowRange): WindowState {
  const atEnd = range.end >= count;
  return {
    conversationId,
    first: range.first,
    end: atEnd ? null : range.end,
    countAtMove: atEnd ? 0 : count,
  };
}

/**
 * The reader neared the top of what is mounted: `MORE_MESSAGES` earlier ones are added, and the
 * run of droppable messages at the bottom is unmounted (it ends where the first message that must
 * stay is, so the view and everything between it and the rest stays put).
 */
export function stepUp(
  state: WindowState,
  conversationId: string,
  count: number,
  droppable: Droppable,
): WindowState {
  const { first, end } = resolveWindow(state, conversationId, count);
  const nextFirst = Math.max(0, first - MORE_MESSAGES);
  let nextEnd = end;
  while (nextEnd - 1 > nextFirst && droppable(nextEnd - 1)) nextEnd--;
  return settle(conversationId, count, { first: nextFirst, end: nextEnd });
}

/** The reader neared the bottom of what is mounted: the mirror of `stepUp`. */
export function stepDown(
  state: WindowState,
  conversationId: string,
  count: number,
  droppable: Droppable,
): WindowState {
  const { first, end } = resolveWindow(state, conversationId, count);
  const nextEnd = Math.min(count, end + MORE_MESSAGES);
  let nextFirst = first;
  while (nextFirst + 1 < nextEnd && droppable(nextFirst)) nextFirst++;
  return settle(conversationId, count, { first: nextFirst, end: nextEnd });
}
