import type { RunnelEvent } from '../../protocol/events';
import type { AssistantMessage, AssistantStatus, MessageError } from './message';
import { sumUsage } from './usage';

/**
 * Applies one Runnel event to a streaming assistant message; pure. Events after the message left
 * `streaming` are ignored: a stopped answer must not come back to life from a buffered frame.
 */
export function applyEvent(
  message: AssistantMessage,
  event: RunnelEvent,
  now: number,
): AssistantMessage {
  if (message.status !== 'streaming') return message;
  switch (event.type) {
    case 'start':
      return {
        ...message,
        requestId: event.request_id,
        ...(event.resume_token ? { resumeToken: event.resume_token } : {}),
      };
    case 'status': {
      // A place in Runnel's line, while the answer waits in it; any other status ends the wait.
      const { queuePosition: _was, ...rest } = message;
      return {
        ...rest,
        statusMessage: event.message,
        ...(event.position === undefined ? {} : { queuePosition: event.position }),
      };
    }
    case 'reasoning': {
      if (!event.text) return message;
      const timing = { ...message.timing };
      timing.firstTokenAt ??= now;
      timing.textAt = now;
      timing.reasoningStartedAt ??= now;
      return { ...message, reasoning: message.reasoning + event.text, timing };
    }
    case 'content': {
      if (!event.text) return message;
      const timing = { ...message.timing };
      timing.firstTokenAt ??= now;
      timing.textAt = now;
      if (timing.reasoningStartedAt !== undefined) timing.reasoningEndedAt ??= now;
      return { ...message, content: message.content + event.text, timing };
    }
    case 'tool_call': {
      const call = {
        index: event.index,
        id: event.id,
        name: event.name,
        arguments: event.arguments,
      };
      return { ...message, toolCalls: [...(message.toolCalls ?? []), call] };
    }
    case 'usage':
      return {
        ...message,
        usage: sumUsage(message.priorUsage, event.usage),
        usageFinal: event.final,
        timing: { ...message.timing, usageAt: now },
      };
    case 'finish':
      return { ...message, finishReason: event.reason };
    case 'error':
      // The backend's stream ended without [DONE]: the answer was cut off, which the UI tells
      // apart from a failure (brief: `vllm:no-done` → incomplete). The error is kept for details.
      if (event.error.code === 'server_shutdown') {
        // The server restarted mid-answer: nothing failed, the answer can be continued.
        const cut = { ...message, error: event.error, interruption: 'server_shutdown' as const };
        return end(cut, 'incomplete', now);
      }
      return end(
        { ...message, error: event.error },
        event.error.code === 'incomplete_stream' ? 'incomplete' : 'error',
        now,
      );
    case 'done': {
      const status: AssistantStatus = message.finishReason === 'length' ? 'length' : 'complete';
      const timing = { ...message.timing };
      if (event.timing) {
        timing.serverTtftMs = event.timing.ttft_ms;
        timing.serverDurationMs = event.timing.duration_ms;
      }
      // Each run's cost is kept as it came; what is shown sums them (cost.ts, loaded with the figures).
      const costs = event.cost ? { costs: [...(message.costs ?? []), event.cost] } : {};
      return end({ ...message, timing, ...costs }, status, now);
    }
    case 'stopped':
      // Someone stopped the answer through the stop endpoint (this tab, or another one); the
      // server says how long the backend took to be let go.
      return end(
        event.released_ms === undefined ? message : { ...message, releasedMs: event.released_ms },
        'stopped',
        now,
      );
  }
}

/** Applies a batch of events in order. */
export function applyEvents(
  message: AssistantMessage,
  events: readonly RunnelEvent[],
  now: number,
): AssistantMessage {
  let out = message;
  for (const event of events) out = applyEvent(out, event, now);
  return out;
}

/**
 * How a run ended from the client's point of view, after every event was applied:
 * - `ended`: the response body ended (with or without a terminal event);
 * - `aborted`: the user stopped it;
 * - `failed`: the request itself failed (HTTP error before streaming, network failure).
 */
export type RunEnd =
  { kind: 'ended' } | { kind: 'aborted' } | { kind: 'failed'; error: MessageError };

/**
 * Settles a message whose run is over. A message still `streaming` here never saw `done` or
 * `error`: stopped by the user, failed before streaming, or cut off (`incomplete`).
 */
export function finishRun(message: AssistantMessage, how: RunEnd, now: number): AssistantMessage {
  if (message.status !== 'streaming') return message;
  switch (how.kind) {
    case 'aborted':
      return end(message, 'stopped', now);
    case 'failed':
      return end({ ...message, error: how.error }, 'error', now);
    case 'ended':
      return end(message, 'incomplete', now);
  }
}

/**
 * A message found `streaming` when the app starts was cut off by a reload or a closed tab: the
 * partial answer is kept and marked `incomplete`.
 */
export function settleInterrupted(message: AssistantMessage): AssistantMessage {
  if (message.status !== 'streaming') return message;
  // The real end time is unknown; leaving it unset keeps rates and the reasoning timer honest.
  return {
    ...withoutResume(message),
    status: 'incomplete',
    statusMessage: undefined,
    interruption: 'reload',
  };
}

/** Whether a message found `streaming` at start-up can be reattached to (a resumable answer). */
export function canReattach(message: AssistantMessage): boolean {
  return message.status === 'streaming' && Boolean(message.requestId && message.resumeToken);
}

/** An ended answer needs no way back to the server: its token is not kept. */
function withoutResume(message: AssistantMessage): AssistantMessage {
  const { resumeToken: _token, lastEventId: _id, ...rest } = message;
  return rest;
}

function end(message: AssistantMessage, status: AssistantStatus, now: number): AssistantMessage {
  const timing = { ...message.timing, endedAt: now };
  if (timing.reasoningStartedAt !== undefined) timing.reasoningEndedAt ??= now;
  return { ...withoutResume(message), status, timing, statusMessage: undefined };
}
