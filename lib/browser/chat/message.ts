import type { StreamError, Usage } from '../../protocol/events';

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
  /** The server's own measurement, from the `done` event. */
  serverTtftMs?: number | null;
  serverDurationMs?: number;
}

export interface UserMessage {
  id: string;
  role: 'user';
  content: string;
  createdAt: number;
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
  requestId?: string;
  /** Usage of the whole message (earlier Continue runs included). */
  usage?: Usage;
  /** True once the final usage arrived; false while counts are running. */
  usageFinal?: boolean;
  /** Usage of earlier runs of this message (Continue); added to the current run's usage. */
  priorUsage?: Usage;
  finishReason?: string;
  error?: StreamError;
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
