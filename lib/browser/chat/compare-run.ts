import { createStore, type StoreApi } from 'zustand/vanilla';
import { runAnswer, type AnswerRunControl } from './answer-run';
import { buildAnswerRequest, type ModelTraits } from './build-request';
import { initialChatState, type ChatState } from './chat-state';
import { createConversation, type ConversationSettings } from './conversation';
import type { ScheduleFrame } from './frame-batcher';
import {
  createAssistantMessage,
  isAssistant,
  type AssistantMessage,
  type Message,
  type UserMessage,
} from './message';
import type { SaveScheduler } from './save-scheduler';
import { stopAnswerRun } from './stop-answer-run';

/** What a comparison needs from the page. */
export interface CompareDeps {
  fetch: typeof fetch;
  now: () => number;
  newId: () => string;
  scheduleFrame: ScheduleFrame;
  chatUrl?: string;
}

export interface CompareInput {
  /** The conversation the question belongs to; null for a new chat. */
  conversationId: string | null;
  /** Its shown path so far (sent as history). */
  history: readonly Message[];
  settings: ConversationSettings;
  question: string;
  /** Two or three models, in the order their answers are shown. */
  models: readonly ModelTraits[];
}

/** One model's answer in a comparison: where it lives in the comparison's own state. */
export interface CompareAnswer {
  /** The scratch conversation holding it (one per model, so each run patches its own). */
  key: string;
  messageId: string;
  model: ModelTraits;
}

/** A comparison under way or ended: the answers stream into `state`, not into the conversation. */
export interface CompareSession {
  conversationId: string | null;
  question: UserMessage;
  answers: readonly CompareAnswer[];
  /** The answers' own chat state: one scratch conversation per model, never saved. */
  state: StoreApi<ChatState>;
  /** Settles when every answer has ended. */
  ended: Promise<void>;
  /** Stops every answer still streaming, each through the stop endpoint (its upstream closed). */
  stopAll(): void;
  /** The answers as they are now, in order. */
  current(): AssistantMessage[];
}

/** Saving is the conversation's business once an answer is chosen: scratch state is never saved. */
const NO_SAVES: SaveScheduler = { touch() {}, flush() {}, flushAll() {}, drop() {} };

/**
 * Sends one question to two or three models at once. Each answer is an ordinary answer run
 * (answer-run.ts: resumable, paced per frame, reattached after a dropped connection) into a scratch
 * conversation of its own, so the conversation itself changes only when an answer is chosen
 * (compare-adopt.ts).
 */
export function startCompare(deps: CompareDeps, input: CompareInput): CompareSession {
  const t = deps.now();
  const question: UserMessage = {
    id: deps.newId(),
    role: 'user',
    content: input.question,
    createdAt: t,
  };
  const history = [...input.history, question];
  const answers: CompareAnswer[] = input.models.map((model) => ({
    key: deps.newId(),
    messageId: deps.newId(),
    model,
  }));
  const conversations: ChatState['conversations'] = {};
  answers.forEach((a, i) => {
    // Created a millisecond apart: versions are ordered by creation, as they were asked.
    const message = createAssistantMessage(a.messageId, a.model.id, t + i);
    conversations[a.key] = {
      ...createConversation(a.key, a.model.id, t, input.settings),
      messages: [...history, message],
    };
  });
  const state = createStore<ChatState>()(() => ({
    ...initialChatState(),
    hydrated: true,
    conversations,
  }));
  const controls = answers.map((): AnswerRunControl => ({ controller: new AbortController() }));
  const runDeps = {
    get: state.getState,
    set: state.setState,
    saver: NO_SAVES,
    fetch: deps.fetch,
    now: deps.now,
    scheduleFrame: deps.scheduleFrame,
    ...(deps.chatUrl ? { chatUrl: deps.chatUrl } : {}),
  };
  const finished = new Set<number>();
  const runs = answers.map((a, i) =>
    runAnswer(
      runDeps,
      a.key,
      a.messageId,
      { kind: 'request', body: buildAnswerRequest(history, input.settings, a.model) },
      controls[i]!,
    ).then(() => void finished.add(i)),
  );
  const current = () =>
    answers.map((a) => state.getState().conversations[a.key]!.messages.at(-1)).filter(isAssistant);
  return {
    conversationId: input.conversationId,
    question,
    answers,
    state,
    ended: Promise.all(runs).then(() => undefined),
    stopAll() {
      controls.forEach((control, i) => {
        if (!finished.has(i)) stopAnswerRun(control, deps.fetch, deps.chatUrl);
      });
    },
    current,
  };
}
