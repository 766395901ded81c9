import type { Attachment } from '../attachments/attachment';
import { rateLimited, type ErrorFacts } from '../errors/rate-limited';
import { canReattach, type RunEnd } from './apply-event';
import {
  runAnswer,
  type AnswerRunControl,
  type AnswerRunDeps,
  type AnswerRunStart,
  inTask,
} from './answer-run';
import { buildAnswerRequest, buildContinueRequest, type ModelTraits } from './build-request';
import { bumpOrder, patchConversation, patchMessage, type ChatState } from './chat-state';
import { putBackRefused, type Undo } from './refused-send';
import { deriveTitle } from './conversation';
import { sessionField } from './provider-session';
import type { RunLocks } from './run-locks';
import { branchAt } from './version-branch';
import {
  createAssistantMessage,
  isAssistant,
  type AssistantMessage,
  type AssistantStatus,
  type Message,
} from './message';
import { stopAnswerRun } from './stop-answer-run';

/** What the status region says when an answer ends (never the tokens themselves: a screen reader would read the answer twice). */
const END_ANNOUNCEMENTS: Record<AssistantStatus, string> = {
  complete: 'Response complete',
  length: 'Response stopped at the token limit',
  stopped: 'Response stopped',
  error: 'Response failed',
  incomplete: 'Response cut off',
  streaming: 'Generating…',
};

/**
 * A rate limit's refusal in one sentence and when to try again. Its wording is in the first load
 * anyway: an answer that ends refused by a limit shows the same sentence (error-sentences.ts).
 */
function sayError(error: ErrorFacts): string {
  const { text, next } = rateLimited(error);
  return `${text}. ${next}`;
}

/** What the runner needs from the store around it. */
interface ChatRunnerDeps extends AnswerRunDeps {
  newId?: () => string;
  /** Tells other tabs that this one streams the answer (run-locks.ts). */
  locks?: RunLocks;
  /** Resolves once the conversation's last save is written: the lock is released after it. */
  written?: (conversationId: string) => Promise<void>;
  /** Deletes a conversation a refused first question leaves empty. */
  discard?: (conversationId: string) => void;
}

/**
 * Starts, streams and settles answers: one run per conversation at a time. Events are applied to
 * the store once per frame; the conversation is saved while it streams and when it ends. Answers
 * are resumable: a dropped connection or a reload reattaches (answer-run.ts), and Stop asks the
 * server to stop generating, since closing a connection no longer does.
 */
export function createChatRunner(deps: ChatRunnerDeps) {
  const { get, set, saver, now } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const runs = new Map<string, AnswerRunControl>();

  const isRunning = (conversationId: string) => runs.has(conversationId);

  /**
   * `start` may be given as what makes it: it is then made where the request starts (in a later
   * task, `deps.later`). `begin` is the change that starts the run (its messages): it is made in
   * the same store update as `running`. The run's end (`settle`) is made right after the settled
   * answer's update, in the same synchronous run. Every store update reaches each of the page's
   * subscribed components, and React renders the changes of one synchronous run once.
   */
  async function run(
    conversationId: string,
    messageId: string,
    start: AnswerRunStart | (() => AnswerRunStart),
    { undo, begin }: { undo?: Undo; begin?: (s: ChatState) => Partial<ChatState> } = {},
  ): Promise<void> {
    const control: AnswerRunControl = { controller: new AbortController() };
    runs.set(conversationId, control);
    const release = deps.locks?.hold(messageId);
    /** What the status region says, when the conversation is the one on screen. */
    const say = (s: ChatState, text: string) =>
      s.activeId === conversationId
        ? { announcement: { text, seq: (s.announcement?.seq ?? 0) + 1 } }
        : undefined;
    set((s) => {
      const next = { ...s, ...begin?.(s) };
      return {
        ...next,
        running: { ...next.running, [conversationId]: messageId },
        ...say(next, END_ANNOUNCEMENTS.streaming),
      };
    });
    saver.flush(conversationId);
    if (deps.later) await inTask(deps.later);
    const made = typeof start === 'function' ? start() : start;
    const settle = (end: RunEnd) => {
      if (runs.get(conversationId) === control) runs.delete(conversationId);
      if (undo && end.kind === 'failed' && end.error.code === 'rate_limited') {
        const sentence = sayError(end.error);
        set((s) => ({
          ...putBackRefused(s, conversationId, undo, end.error, sentence, now()),
          ...say(s, sentence),
        }));
        if (undo.messages.length === 0) deps.discard?.(conversationId);
        else saver.flush(conversationId);
        release?.();
        return;
      }
      set((s) => {
        const { [conversationId]: _done, ...running } = s.running;
        const settled = s.conversations[conversationId]?.messages.find((m) => m.id === messageId);
        const said = isAssistant(settled) && say(s, END_ANNOUNCEMENTS[settled.status]);
        const sent = made.kind === 'request' ? made.body.messages : undefined;
        // The provider's session now holds what was sent and this answer (unknown after a reload:
        // the next question then starts a new session).
        const held = control.session && sent ? sent.length + 1 : 0;
        const system = s.conversations[conversationId]?.settings.systemPrompt ?? '';
        return {
          ...(held &&
            patchMessage<AssistantMessage>(s, conversationId, messageId, (m) => ({
              ...m,
              session: { id: control.session!, messages: held, system },
            }))),
          running,
          ...said,
        };
      });
      saver.flush(conversationId);
      if (release) void (deps.written?.(conversationId) ?? Promise.resolve()).then(release);
    };
    await runAnswer(deps, conversationId, messageId, made, control, settle);
  }

  /**
   * Starts an answer after `history` (which ends with the user's turn) and bumps the conversation
   * to the top. With `branchFrom`, the messages from that index on become a new version: the ones
   * they replace stay, hidden, under the same parent (versions.ts). `undo` is what a refused new
   * question puts back.
   */
  function startAnswer(
    conversationId: string,
    history: Message[],
    model: ModelTraits,
    { branchFrom, undo, title }: { branchFrom?: number; undo?: Undo; title?: string } = {},
  ): void {
    const conversation = get().conversations[conversationId];
    if (!conversation || isRunning(conversationId)) return;
    const t = now();
    const assistant = createAssistantMessage(newId(), model.id, t);
    const request = (): AnswerRunStart => {
      const body = buildAnswerRequest(history, conversation.settings, model);
      const session = sessionField(
        history,
        body.messages?.length ?? 0,
        conversation.settings.systemPrompt,
        model,
        branchFrom !== undefined,
      );
      if (session) body.session = session;
      return { kind: 'request', body };
    };
    const begin = (s: ChatState): Partial<ChatState> => ({
      ...patchConversation(s, conversationId, (c) => {
        const next =
          branchFrom === undefined
            ? { ...c, messages: [...history, assistant] }
            : branchAt(c, branchFrom, [...history.slice(branchFrom), assistant], t);
        return {
          ...next,
          ...(title !== undefined && { title, changed: { ...next.changed, title: t } }),
          model: model.id,
          updatedAt: t,
        };
      }),
      order: bumpOrder(s.order, conversationId),
    });
    void run(conversationId, assistant.id, request, { undo, begin });
  }

  return {
    send(
      conversationId: string,
      text: string,
      model: ModelTraits,
      attachments: readonly Attachment[] = [],
    ): void {
      const conversation = get().conversations[conversationId];
      if (!conversation || isRunning(conversationId) || (!text.trim() && !attachments.length))
        return;
      const undo = {
        messages: conversation.messages,
        title: conversation.title,
        text,
        attachments,
      };
      const user: Message = {
        id: newId(),
        role: 'user',
        content: text,
        createdAt: now(),
        ...(attachments.length ? { attachments: [...attachments] } : {}),
      };
      // The first question names the conversation (in the same store update as the question).
      const title =
        !conversation.titleEdited && conversation.messages.length === 0
          ? deriveTitle(text.trim() ? text : attachments.map((a) => a.name).join(', '))
          : undefined;
      startAnswer(conversationId, [...conversation.messages, user], model, { undo, title });
    },

    stop(conversationId: string): void {
      const control = runs.get(conversationId);
      if (control) stopAnswerRun(control, deps.fetch, deps.chatUrl);
    },

    /**
     * Reattaches to an answer that was streaming when the page was closed or reloaded. Returns the
     * run (settled when it ended), or undefined when the answer cannot be reattached to.
     */
    reattach(conversationId: string, messageId: string): Promise<void> | undefined {
      const message = get().conversations[conversationId]?.messages.at(-1);
      if (!isAssistant(message) || message.id !== messageId || isRunning(conversationId)) return;
      if (!canReattach(message)) return;
      const handle = { requestId: message.requestId!, token: message.resumeToken! };
      return run(conversationId, messageId, {
        kind: 'reattach',
        handle,
        lastEventId: message.lastEventId ?? 0,
      });
    },

    regenerate(conversationId: string, messageId: string, model: ModelTraits): void {
      const conversation = get().conversations[conversationId];
      const index = conversation?.messages.findIndex((m) => m.id === messageId) ?? -1;
      if (!conversation || index < 1) return;
      startAnswer(conversationId, conversation.messages.slice(0, index), model, {
        branchFrom: index,
      });
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
      // A new message, not a changed one: the original stays as the earlier version.
      const edited: Message = { ...original, id: newId(), content: text, createdAt: now() };
      startAnswer(conversationId, [...conversation.messages.slice(0, index), edited], model, {
        branchFrom: index,
      });
    },

    continueAnswer(conversationId: string, messageId: string, model: ModelTraits): void {
      const conversation = get().conversations[conversationId];
      const last = conversation?.messages.at(-1);
      if (!conversation || !isAssistant(last) || last.id !== messageId || isRunning(conversationId))
        return;
      const history = conversation.messages.slice(0, -1);
      const body = buildContinueRequest(history, last, conversation.settings, model);
      const t = now();
      const begin = (s: ChatState) =>
        patchMessage<AssistantMessage>(s, conversationId, messageId, ({ session: _s, ...m }) => ({
          ...m,
          rev: (m.rev ?? 0) + 1,
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
        }));
      void run(conversationId, messageId, { kind: 'request', body }, { begin });
    },
  };
}
