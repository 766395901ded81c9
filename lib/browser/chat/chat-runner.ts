import { canReattach } from './apply-event';
import { streamRun, type RunControl, type RunDeps, type RunStart } from './answer-run';
import { buildAnswerRequest, buildContinueRequest, type ModelTraits } from './build-request';
import { bumpOrder, patchConversation, patchMessage } from './chat-state';
import { deriveTitle } from './conversation';
import {
  createAssistantMessage,
  isAssistant,
  type AssistantMessage,
  type AssistantStatus,
  type Message,
} from './message';
import { requestStop, type ResumeHandle } from './resume-handle';

/** What the status region says when an answer ends (never the tokens themselves: a screen reader would read the answer twice). */
const END_ANNOUNCEMENTS: Record<AssistantStatus, string> = {
  complete: 'Response complete',
  length: 'Response stopped at the token limit',
  stopped: 'Response stopped',
  error: 'Response failed',
  incomplete: 'Response cut off',
  streaming: 'Generating…',
};

/** What the runner needs from the store around it. */
interface RunnerDeps extends RunDeps {
  newId?: () => string;
}

/** How long Stop waits for the `start` event (sent at once) before only closing the connection. */
const STOP_WAIT_FOR_START_MS = 2000;

/**
 * Starts, streams and settles answers: one run per conversation at a time. Events are applied to
 * the store once per frame; the conversation is saved while it streams and when it ends. Answers
 * are resumable: a dropped connection or a reload reattaches (answer-run.ts), and Stop asks the
 * server to stop generating, since closing a connection no longer does.
 */
export function createRunner(deps: RunnerDeps) {
  const { get, set, saver, now } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const runs = new Map<string, RunControl>();

  const isRunning = (conversationId: string) => runs.has(conversationId);

  /** What to put back when a limit refuses a new question: it returns to the composer. */
  interface Undo {
    messages: Message[];
    title: string;
    text: string;
  }

  async function run(
    conversationId: string,
    messageId: string,
    start: RunStart,
    undo?: Undo,
  ): Promise<void> {
    const control: RunControl = { controller: new AbortController() };
    runs.set(conversationId, control);
    set((s) => ({ running: { ...s.running, [conversationId]: messageId } }));
    announce(conversationId, 'Generating…');
    saver.flush(conversationId);
    const end = await streamRun(deps, conversationId, messageId, start, control);
    if (undo && end.kind === 'failed' && end.error.code === 'rate_limited') {
      // Nothing was sent to the model: the question goes back to the composer, as it was typed.
      set((s) => {
        const { [conversationId]: _done, ...running } = s.running;
        return {
          ...patchConversation(s, conversationId, (c) => ({
            ...c,
            messages: undo.messages,
            title: undo.title,
          })),
          running,
          drafts: { ...s.drafts, [conversationId]: undo.text },
          limitNotice: { conversationId, text: end.error.message },
        };
      });
      if (runs.get(conversationId) === control) runs.delete(conversationId);
      announce(conversationId, end.error.message);
      saver.flush(conversationId);
      return;
    }
    set((s) => {
      const { [conversationId]: _done, ...running } = s.running;
      return { running };
    });
    if (runs.get(conversationId) === control) runs.delete(conversationId);
    const settled = get().conversations[conversationId]?.messages.find((m) => m.id === messageId);
    if (isAssistant(settled)) announce(conversationId, END_ANNOUNCEMENTS[settled.status]);
    saver.flush(conversationId);
  }

  /** Stops a run: the server stops generating (stop endpoint), then the connection is closed. */
  function stopRun(control: RunControl): void {
    const stop = (handle: ResumeHandle) => {
      requestStop(deps.fetch, handle, deps.chatUrl);
      control.controller.abort();
    };
    if (control.handle) {
      stop(control.handle);
      return;
    }
    if (control.started) {
      // The answer began without a token: it is not resumable, closing the connection stops it.
      control.controller.abort();
      return;
    }
    // Stop came before the `start` event (with the token) arrived, a matter of milliseconds:
    // closing the connection now would leave the answer generating for its grace period.
    control.onHandle = stop;
    setTimeout(() => control.controller.abort(), STOP_WAIT_FOR_START_MS);
  }

  /** Tells the status region, when the conversation is the one on screen. */
  function announce(conversationId: string, text: string): void {
    if (get().activeId !== conversationId) return;
    set((s) => ({ announcement: { text, seq: (s.announcement?.seq ?? 0) + 1 } }));
  }

  /** Replaces the messages of a conversation, bumps it to the top and starts a run. */
  function startAnswer(
    conversationId: string,
    messages: Message[],
    model: ModelTraits,
    undo?: Undo,
  ): void {
    const conversation = get().conversations[conversationId];
    if (!conversation || isRunning(conversationId)) return;
    const assistant = createAssistantMessage(newId(), model.id, now());
    const body = buildAnswerRequest(messages, conversation.settings, model);
    set((s) => ({
      ...patchConversation(s, conversationId, (c) => ({
        ...c,
        messages: [...messages, assistant],
        model: model.id,
        updatedAt: now(),
      })),
      order: bumpOrder(s.order, conversationId),
    }));
    void run(conversationId, assistant.id, { kind: 'request', body }, undo);
  }

  return {
    send(conversationId: string, text: string, model: ModelTraits): void {
      const conversation = get().conversations[conversationId];
      if (!conversation || isRunning(conversationId) || !text.trim()) return;
      const undo = { messages: conversation.messages, title: conversation.title, text };
      const user: Message = { id: newId(), role: 'user', content: text, createdAt: now() };
      if (!conversation.titleEdited && conversation.messages.length === 0) {
        set((s) =>
          patchConversation(s, conversationId, (c) => ({ ...c, title: deriveTitle(text) })),
        );
      }
      startAnswer(conversationId, [...conversation.messages, user], model, undo);
    },

    stop(conversationId: string): void {
      const control = runs.get(conversationId);
      if (control) stopRun(control);
    },

    /** Reattaches to an answer that was streaming when the page was closed or reloaded. */
    reattach(conversationId: string, messageId: string): void {
      const message = get().conversations[conversationId]?.messages.at(-1);
      if (!isAssistant(message) || message.id !== messageId || isRunning(conversationId)) return;
      if (!canReattach(message)) return;
      const handle = { requestId: message.requestId!, token: message.resumeToken! };
      void run(conversationId, messageId, {
        kind: 'reattach',
        handle,
        lastEventId: message.lastEventId ?? 0,
      });
    },

    regenerate(conversationId: string, messageId: string, model: ModelTraits): void {
      const conversation = get().conversations[conversationId];
      const index = conversation?.messages.findIndex((m) => m.id === messageId) ?? -1;
      if (!conversation || index < 1) return;
      startAnswer(conversationId, conversation.messages.slice(0, index), model);
    },

    editAndResend(
      conversationId: string,
      messageId: string,
      text: string,
      model: ModelTraits,
    ): void {
      const conversation = get().conversations[conversationId];
      const index = conversation?.messages.findIndex((m) => m.id === messageId) ?? -1;
      const original = conversation?.messages[index];
      if (!conversation || !original || original.role !== 'user' || !text.trim()) return;
      const edited: Message = { ...original, content: text };
      startAnswer(conversationId, [...conversation.messages.slice(0, index), edited], model);
    },

    continueAnswer(conversationId: string, messageId: string, model: ModelTraits): void {
      const conversation = get().conversations[conversationId];
      const last = conversation?.messages.at(-1);
      if (!conversation || !isAssistant(last) || last.id !== messageId || isRunning(conversationId))
        return;
      const history = conversation.messages.slice(0, -1);
      const body = buildContinueRequest(history, last, conversation.settings, model);
      const t = now();
      set((s) =>
        patchMessage<AssistantMessage>(s, conversationId, messageId, (m) => ({
          ...m,
          status: 'streaming',
          priorUsage: m.usage,
          usageFinal: false,
          finishReason: undefined,
          error: undefined,
          interruption: undefined,
          // A new run: its own first-token time; the reasoning timer of the first run stays.
          timing: {
            sentAt: t,
            reasoningStartedAt: m.timing.reasoningStartedAt,
            reasoningEndedAt: m.timing.reasoningEndedAt,
          },
        })),
      );
      void run(conversationId, messageId, { kind: 'request', body });
    },
  };
}
