import 'server-only';

import type { AnswerRow } from '../database/tables';
import type { AnswerRecorder } from '../resume/types';

/** Writes an answer's row (and marks its conversation changed); never throws. */
export type WriteAnswer = (row: AnswerRow) => Promise<void>;

export interface RecorderOptions {
  user: string;
  conversationId: string;
  messageId: string;
  model: string;
  /** Text the answer continues (Continue): the stored text is this plus what streams. */
  prefix?: { content: string; reasoning: string };
  checkpointMs: number;
  finishUnread: boolean;
  now?: () => number;
}

/**
 * Follows an answer's events and writes it to the database: once at its first event (so an
 * instance killed before the first checkpoint still leaves an `incomplete` answer), then at most
 * every `checkpointMs` while it streams, and at its end. One write at a time: a checkpoint due
 * while one is being written waits for it and writes the newest text.
 */
export function createAnswerRecorder(write: WriteAnswer, options: RecorderOptions): AnswerRecorder {
  const now = options.now ?? Date.now;
  let content = options.prefix?.content ?? '';
  let reasoning = options.prefix?.reasoning ?? '';
  let status = 'streaming';
  let usage: string | null = null;
  let finishReason: string | null = null;
  let error: string | null = null;
  let lastSeq = 0;
  let lastWrite = -Infinity;
  let writing: Promise<void> | null = null;
  let pending = false;
  let ended = false;

  const row = (): AnswerRow => ({
    user_key: options.user,
    conversation_id: options.conversationId,
    message_id: options.messageId,
    model: options.model,
    content,
    reasoning,
    status,
    usage,
    finish_reason: finishReason,
    error,
    last_seq: lastSeq,
    updated_at: now(),
  });

  function flush(): void {
    if (writing) {
      pending = true;
      return;
    }
    lastWrite = now();
    writing = write(row()).finally(() => {
      writing = null;
      if (pending) {
        pending = false;
        flush();
      }
    });
  }

  function apply(event: Record<string, unknown>): void {
    switch (event.type) {
      case 'content':
        content += String(event.text ?? '');
        break;
      case 'reasoning':
        reasoning += String(event.text ?? '');
        break;
      case 'usage':
        usage = JSON.stringify(event.usage ?? null);
        break;
      case 'finish':
        finishReason = String(event.reason ?? '');
        break;
      case 'done':
        status = finishReason === 'length' ? 'length' : 'complete';
        break;
      case 'stopped':
        status = 'stopped';
        break;
      case 'error': {
        const e = (event.error ?? {}) as { code?: unknown };
        error = JSON.stringify(event.error ?? null);
        status =
          e.code === 'incomplete_stream' || e.code === 'server_shutdown' ? 'incomplete' : 'error';
        break;
      }
    }
  }

  return {
    finishUnread: options.finishUnread,
    onEntries(entries) {
      if (ended) return;
      for (const entry of entries) {
        try {
          apply(JSON.parse(entry.data) as Record<string, unknown>);
        } catch {
          // Not an event (never written by this server): nothing to keep.
        }
        lastSeq = entry.seq;
        if (entry.terminal) ended = true;
      }
      if (ended || now() - lastWrite >= options.checkpointMs) flush();
    },
    onSettled() {
      if (ended) return;
      ended = true;
      status = 'incomplete';
      flush();
    },
  };
}
