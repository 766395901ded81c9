import { estimateTokens } from './estimate-tokens';
import type { AssistantMessage } from './message';

export { estimateTokens };

/**
 * Time to first token as the person waited for it: from the click to the first text on their
 * screen. The server's own figure (shorter: it leaves out the network and the page) is used only
 * when the page has none, and is shown apart (`serverTtftMs`).
 */
export function ttftMs(m: AssistantMessage): number | undefined {
  if (m.timing.firstTokenAt !== undefined) return m.timing.firstTokenAt - m.timing.sentAt;
  return typeof m.timing.serverTtftMs === 'number' ? m.timing.serverTtftMs : undefined;
}

/** Tokens per second of the current run, and whether it is estimated from the text's length. */
export interface Speed {
  tokensPerSecond: number;
  estimated: boolean;
}

/** Completion tokens of the current run (a Continue run does not count the earlier ones). */
function runTokens(m: AssistantMessage): number | undefined {
  if (!m.usage) return undefined;
  return m.priorUsage
    ? m.usage.completion_tokens - m.priorUsage.completion_tokens
    : m.usage.completion_tokens;
}

/**
 * Completion tokens per second, from first token to end (while streaming, to when the latest count
 * arrived). Once done, the server's clock is used: it saw the tokens arrive one by one, while the
 * browser may receive a short answer in a single read. A backend that sends no running counts
 * still gets a live figure while streaming, estimated from the text received so far.
 */
export function answerSpeed(m: AssistantMessage): Speed | undefined {
  const run = runTokens(m);
  const { serverTtftMs, serverDurationMs, firstTokenAt: start } = m.timing;
  const streaming = m.status === 'streaming';
  if (run !== undefined && !streaming && typeof serverTtftMs === 'number') {
    const generating = (serverDurationMs ?? 0) - serverTtftMs;
    if (generating >= 50) return { tokensPerSecond: run / (generating / 1000), estimated: false };
  }
  if (start === undefined) return undefined;
  if (run !== undefined && (!streaming || m.timing.usageAt !== undefined)) {
    const end = streaming ? m.timing.usageAt : m.timing.endedAt;
    const seconds = end === undefined ? 0 : (end - start) / 1000;
    return seconds >= 0.2 ? { tokensPerSecond: run / seconds, estimated: false } : undefined;
  }
  // The estimate stays once the answer ended without counts (stopped, cut off).
  if (m.timing.textAt === undefined) return undefined;
  const seconds = (m.timing.textAt - start) / 1000;
  if (seconds < 0.2) return undefined;
  const tokens = estimateTokens(m.content) + estimateTokens(m.reasoning);
  return { tokensPerSecond: tokens / seconds, estimated: true };
}
