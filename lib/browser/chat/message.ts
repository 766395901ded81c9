import type { AnswerCost, StreamError, Usage } from '../../protocol/events';
import type { Rating } from '../../protocol/feedback';
import type { Attachment } from '../attachments/attachment';

/**
 * How an assistant answer ended (docs/protocol.md, "How a message ends"). Shown in the
 * UI and exposed as `data-status` on the message element.
 */
export type AssistantStatus =
  'streaming' | 'complete' | 'length' | 'stopped' | 'error' | 'incomplete';

/** A tool call the model asked for (shown; Runnel does not execute tools). */
export interface ToolCallRecord {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/** Client-side clock readings of one generation run, in epoch milliseconds. */
export interface RunTiming {
  sentAt: number;
  firstTokenAt?: number;
  reasoningStartedAt?: number;
  /** When the answer started (or the run ended) after reasoning: the panel collapses then. */
  reasoningEndedAt?: number;
  endedAt?: number;
  /** When the latest usage count arrived: the running speed is measured up to it. */
  usageAt?: number;
  /** When the latest text arrived: without running counts, speed is estimated up to it. */
  textAt?: number;
  /** The server's own measurement, from the `done` event. */
  serverTtftMs?: number | null;
  serverDurationMs?: number;
}

/**
 * Why an answer failed: a stream error, or the server's refusal before streaming — which for a
 * rate limit also says when to try again.
 */
export type MessageError = StreamError & { retry_after_s?: number; limit?: string };

export interface UserMessage {
  id: string;
  role: 'user';
  /** What the person typed (attached text files are kept apart, in `attachments`). */
  content: string;
  createdAt: number;
  attachments?: Attachment[];
}

export interface AssistantMessage {
  id: string;
  role: 'assistant';
  /** The model id the answer was requested from. */
  model: string;
  content: string;
  reasoning: string;
  status: AssistantStatus;
  createdAt: number;
  timing: RunTiming;
  /** The latest backend status line (cold-start stage) while waiting. */
  statusMessage?: string;
  /** While the answer waits in Runnel's line for a slot on the backend: its place (1 = next). */
  queuePosition?: number;
  requestId?: string;
  /** Usage of the whole message (earlier Continue runs included). */
  usage?: Usage;
  /** True once the final usage arrived; false while counts are running. */
  usageFinal?: boolean;
  /** Usage of earlier runs of this message (Continue); added to the current run's usage. */
  priorUsage?: Usage;
  /** What each run of the message (Continue adds runs) cost at the configured prices (`done`). */
  costs?: AnswerCost[];
  finishReason?: string;
  error?: MessageError;
  toolCalls?: ToolCallRecord[];
  /** Why an `incomplete` message was cut off, when known (e.g. the page was reloaded). */
  interruption?: 'reload' | 'server_shutdown';
  /**
   * While it streams, what reattaches to the answer after a reload or a dropped connection: the
   * token from its `start` event (with `requestId`) and the id of the last event applied — saved
   * together with the text it produced, so a reattach repeats and misses nothing.
   */
  resumeToken?: string;
  lastEventId?: number;
  /**
   * Counts the changes made to this message: when two tabs saved different copies of it, the one
   * with more changes is the newer (conversation-merge.ts). Absent on messages never changed.
   */
  rev?: number;
  /** The provider-side session that holds the conversation up to and including this answer. */
  session?: ProviderSession;
  /** A stopped answer: how long the server took to let the backend go (its `stopped` event). */
  releasedMs?: number;
  /** The reader's thumbs up or down, kept with the conversation (and counted per model). */
  feedback?: Rating;
  /**
   * When `feedback` was last given or taken back: a merge keeps the later, whichever copy has more
   * changes (the server's copy of an answer counts many more than a browser's).
   */
  feedbackAt?: number;
}

/**
 * A conversation kept on the provider (providers with stateful sessions): later requests send only
 * what the session does not hold yet.
 */
export interface ProviderSession {
  /** The id the server reported in `done`. */
  id: string;
  /** How many request messages (system prompt included) the session holds, this answer included. */
  messages: number;
  /** The system prompt the session was started with: a changed one needs a new session. */
  system: string;
}

export type Message = UserMessage | AssistantMessage;

/** Finish reasons of an answer that simply ended; any other is worth telling the reader. */
const PLAIN_FINISHES: readonly string[] = ['stop', 'tool_calls', 'eos'];

/** True while an answer streams, or when it completed for a plain reason: nothing to say on its end. */
export function endsPlainly(message: AssistantMessage): boolean {
  if (message.status === 'streaming') return true;
  return (
    message.status === 'complete' &&
    (!message.finishReason || PLAIN_FINISHES.includes(message.finishReason))
  );
}

/**
 * Failed and cut-off answers offer Retry with how they ended, so the action row leaves out
 * Regenerate for them (one retry control per failed answer).
 */
export function hasOwnRetry(message: AssistantMessage): boolean {
  return message.status === 'error' || message.status === 'incomplete';
}

/** True for assistant messages. */
export function isAssistant(message: Message | undefined): message is AssistantMessage {
  return message?.role === 'assistant';
}

/** A fresh assistant message waiting for its first event. */
export function createAssistantMessage(id: string, model: string, now: number): AssistantMessage {
  return {
    id,
    role: 'assistant',
    model,
    content: '',
    reasoning: '',
    status: 'streaming',
    createdAt: now,
    timing: { sentAt: now },
  };
}
