import type { StoreApi } from 'zustand/vanilla';
import type { ChatRequest } from '../../protocol/chat-request';
import { isProgress, isTerminal, type RunnelEvent } from '../../protocol/events';
import { applyEvent, finishRun, type RunEnd } from './apply-event';
import { patchMessage, type ChatState } from './chat-state';
import { createFrameBatcher, type ScheduleFrame } from './frame-batcher';
import type { AssistantMessage } from './message';
import { ALWAYS_ONLINE, type NetworkWatch } from './network-watch';
import type { followToEnd } from './reattach';
import type { ResumeHandle } from './resume-handle';
import type { SaveScheduler } from './save-scheduler';
import { sendChat } from './send-chat';
import { updatePortion } from './update-portion';

/** What a run needs from the store around it. */
export interface AnswerRunDeps {
  get: StoreApi<ChatState>['getState'];
  set: StoreApi<ChatState>['setState'];
  saver: SaveScheduler;
  fetch: typeof fetch;
  now: () => number;
  scheduleFrame: ScheduleFrame;
  chatUrl?: string;
  network?: NetworkWatch;
  /** Name the conversation in the request: the server stores the answer (signed in). */
  storeOnServer?: boolean;
  /**
   * Whether the text still waiting when an answer ends is shown a portion per frame, as it
   * streamed, before the answer counts as ended (the page, while it is shown); at once without.
   */
  paceEnd?: () => boolean;
  /**
   * Runs `cb` in a later task (the page): an answer's last shown text and its end are then
   * rendered in two tasks rather than one (docs/performance.md). Without, in the same task.
   */
  later?: (cb: () => void) => void;
}

/** How a run begins: a new request, or reattaching to an answer already generating (a reload). */
export type AnswerRunStart =
  | { kind: 'request'; body: ChatRequest }
  | { kind: 'reattach'; handle: ResumeHandle; lastEventId: number };

/** One run as the runner controls it (Stop). */
export interface AnswerRunControl {
  controller: AbortController;
  /** Known once the `start` event arrived: what the stop endpoint takes. */
  handle?: ResumeHandle;
  /** True once any event arrived (`start` comes first: without a token, it is not resumable). */
  started?: boolean;
  /** Called once the handle is known, when Stop came before it. */
  onHandle?: (handle: ResumeHandle) => void;
  /** The provider session `done` named, if any (stateful sessions). */
  session?: string;
}

/** One event with its arrival time and, for the last of a network read, its id. */
interface Arrival {
  event: RunnelEvent;
  at: number;
  id?: number;
}

/** Resolves in the task that `later` runs its callback in. */
export const inTask = (later: (cb: () => void) => void) =>
  new Promise<void>((resolve) => later(resolve));

/** Attempts at loading the reattach code before the answer is given up as cut off. */
const LOAD_ATTEMPTS = 4;

/**
 * The reattach loop, loaded the first time an answer needs it: most answers never lose their
 * connection, and the page's JavaScript up to the first answer has a budget (docs/performance.md).
 * A connection usually drops because the network did, so loading waits for it to be back, and is
 * tried again a few times; undefined when it cannot be had (the answer then ends cut off).
 */
async function loadFollowToEnd(
  network: NetworkWatch,
  signal: AbortSignal,
): Promise<typeof followToEnd | undefined> {
  for (let attempt = 1; ; attempt++) {
    await network.whenOnline(signal);
    if (signal.aborted) return undefined;
    try {
      return (await import('./reattach')).followToEnd;
    } catch {
      if (attempt >= LOAD_ATTEMPTS) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/**
 * One answer run: an assistant message generated and followed into the store, over as many
 * connections as it takes (the chat runner, chat-runner.ts, starts them, one per conversation at a
 * time; stop-answer-run.ts stops one). The request (always resumable), then —
 * when its connection drops before the answer ended — reattaching from the last event received,
 * until the terminal event; then settles the message. Events are applied once per frame, each batch
 * with the id of its last event, so what is saved can always be resumed exactly.
 */
export async function runAnswer(
  deps: AnswerRunDeps,
  conversationId: string,
  messageId: string,
  start: AnswerRunStart,
  control: AnswerRunControl,
  /**
   * Called with how the run ended right after the message is settled, in the same synchronous
   * run: what the caller changes then is rendered together with it, once.
   */
  settle?: (end: RunEnd) => void,
): Promise<RunEnd> {
  const { set, now, saver } = deps;
  const signal = control.controller.signal;
  const batcher = createFrameBatcher<Arrival>(
    (items) => {
      const opened = items.some(({ event }) => event.type === 'start' && event.resume_token);
      set((s) =>
        patchMessage<AssistantMessage>(s, conversationId, messageId, (m) => {
          let next = m;
          let lastId: number | undefined;
          for (const { event, at, id } of items) {
            next = applyEvent(next, event, at);
            if (id !== undefined) lastId = id;
          }
          // `rev` counts the changes: of two tabs' copies, the one with more is newer.
          const rev = (m.rev ?? 0) + 1;
          return lastId !== undefined && next.status === 'streaming'
            ? { ...next, lastEventId: lastId, rev }
            : { ...next, rev };
        }),
      );
      // The token is saved at once, not with the next throttled save: a reload in between could
      // not reattach.
      if (opened) saver.flush(conversationId);
      else saver.touch(conversationId);
    },
    deps.scheduleFrame,
    updatePortion,
  );

  // Progress is paced, except the first text (the end of the wait); anything else is shown at once.
  let textSeen = start.kind === 'reattach';
  const isPaced = (event: RunnelEvent) => {
    const text = event.type === 'content' || event.type === 'reasoning';
    const paced = isProgress(event) && (textSeen || !text);
    if (text) textSeen = true;
    return paced;
  };
  /** The handle is known: a Stop pressed before (even in the task before the run) is sent now. */
  const knowHandle = (handle: ResumeHandle) => {
    control.handle = handle;
    control.onHandle?.(handle);
  };
  let lastEventId = start.kind === 'reattach' ? start.lastEventId : 0;
  let ended = false;
  const onEvents = (events: RunnelEvent[], lastId: number | undefined) => {
    const at = now();
    control.started = true;
    events.forEach((event, i) => {
      if (event.type === 'start' && event.resume_token && !control.handle)
        knowHandle({ requestId: event.request_id, token: event.resume_token });
      if (isTerminal(event)) ended = true;
      if (event.type === 'done' && event.session) control.session = event.session.id;
      const id = i === events.length - 1 ? lastId : undefined;
      batcher.push({ event, at, ...(id !== undefined ? { id } : {}) }, !isPaced(event));
    });
    if (lastId !== undefined) lastEventId = lastId;
  };

  if (start.kind === 'reattach') knowHandle(start.handle);
  let end: RunEnd =
    start.kind === 'request'
      ? await sendChat({
          fetch: deps.fetch,
          body: {
            ...start.body,
            resumable: true,
            ...(deps.storeOnServer
              ? { conversation: { id: conversationId, message_id: messageId } }
              : {}),
          },
          signal,
          onEvents,
          ...(deps.chatUrl ? { url: deps.chatUrl } : {}),
        })
      : { kind: 'ended' };
  const handle = control.handle;
  if (end.kind === 'ended' && !ended && handle && !signal.aborted) {
    const follow = await loadFollowToEnd(deps.network ?? ALWAYS_ONLINE, signal);
    if (signal.aborted) end = { kind: 'aborted' };
    else if (follow) {
      end = await follow({
        fetch: deps.fetch,
        handle,
        lastEventId: () => lastEventId,
        ended: () => ended,
        signal,
        onEvents,
        now,
        ...(deps.network ? { network: deps.network } : {}),
        ...(deps.chatUrl ? { chatUrl: deps.chatUrl } : {}),
      });
    }
  }
  // On a slow device the text shown lags the stream; shown at once, what was still waiting at the
  // end was one long frame (docs/performance.md, `bench:render`). A stopped answer is shown at once.
  if (!signal.aborted && deps.paceEnd?.()) await batcher.drain();
  if (deps.later) await inTask(deps.later);
  batcher.flush();
  const interrupted = start.kind === 'reattach' && end.kind === 'ended' && !ended;
  set((s) =>
    patchMessage<AssistantMessage>(s, conversationId, messageId, (m) => {
      // An earlier session no longer holds what this run ended with (the runner sets the new one).
      const { session: _previous, ...ended } = finishRun(
        interrupted ? { ...m, interruption: 'reload' } : m,
        end,
        now(),
      );
      return { ...ended, rev: (m.rev ?? 0) + 1 };
    }),
  );
  settle?.(end);
  return end;
}
