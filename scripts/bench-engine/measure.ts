/**
 * One timed answer, straight from the engine or through Runnel: when the request left, when the
 * first token arrived, when the last one did, and how many tokens the engine says it wrote.
 */
import { createParser } from 'eventsource-parser';
import { readEventStream } from '../../lib/protocol/read-event-stream';

export interface Timed {
  ttftMs: number;
  /** Tokens after the first, per second of the time between the first and the last. */
  tokensPerSecond: number;
  completionTokens: number;
}

const now = () => performance.now();

function timed(started: number, first: number, last: number, tokens: number): Timed {
  if (!first || tokens < 2) throw new Error(`an answer of ${tokens} tokens cannot be timed`);
  return {
    ttftMs: first - started,
    tokensPerSecond: ((tokens - 1) * 1000) / (last - first),
    completionTokens: tokens,
  };
}

/**
 * An OpenAI-compatible stream read as it comes: the engine's own (`${baseURL}/chat/completions`,
 * the body Runnel would send it), or the same bytes through the app's raw pipe.
 */
export async function openAIStream(url: string, body: Record<string, unknown>): Promise<Timed> {
  const started = now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let first = 0;
  let last = 0;
  let tokens = 0;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as {
        choices?: { delta?: { content?: string | null } }[];
        usage?: { completion_tokens?: number };
      };
      if (chunk.choices?.[0]?.delta?.content) {
        last = now();
        first ||= last;
      }
      if (chunk.usage?.completion_tokens) tokens = chunk.usage.completion_tokens;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  return timed(started, first, last, tokens);
}

/** The same answer through Runnel's `/api/chat`. */
export async function throughRunnel(appURL: string, body: Record<string, unknown>): Promise<Timed> {
  const started = now();
  const response = await fetch(`${appURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let first = 0;
  let last = 0;
  let tokens = 0;
  for await (const event of readEventStream(response.body!)) {
    if (event.type === 'content') {
      last = now();
      first ||= last;
    }
    if (event.type === 'usage' && event.final) tokens = event.usage.completion_tokens;
    if (event.type === 'error') throw new Error(`Runnel answered an error: ${event.error.message}`);
  }
  return timed(started, first, last, tokens);
}
