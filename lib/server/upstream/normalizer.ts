import 'server-only';

import type { RunnelEvent, Usage } from '../../protocol/events';
import { readContentParts } from './content-parts';
import { readErrorObject } from './error-message';
import { asObject, asString, isObject, type JsonObject } from './json-fields';
import { matchBracketedNotice } from './notice';
import { createPrefillEcho } from './prefill-echo';
import type { SseItem } from './sse-decoder';
import { createThinkSplitter } from './think-splitter';
import { createToolCallAssembler } from './tool-calls';
import { promptProgress, readTimings, readUsage } from './usage';

export interface NormalizerOptions {
  /** Interpret tAI's bracketed failure notice (the `tai` preset). */
  bracketedNotice?: boolean;
  /** The assistant text a continuation prefilled, which llama.cpp repeats (prefill-echo.ts). */
  prefill?: string;
  /**
   * The model's chat template opens `<think>` in the prompt: its output starts inside the thought
   * (think-splitter.ts). Not for a continuation, which goes on from the answer.
   */
  thinkPrefilled?: boolean;
}

/** Comments that only keep the connection alive; anything else is a status worth showing. */
const KEEPALIVE_COMMENT = /^(keep-?alive|ping|heartbeat)?$/i;

/** Reasoning text of a delta, whichever field the backend uses; never the same text twice. */
function readReasoning(delta: JsonObject): string | undefined {
  // vLLM ≥ 0.16 `reasoning`, ≤ 0.11 `reasoning_content`, some servers `reasoning_text`; the
  // versions in between send `reasoning` and `reasoning_content` together with the same text.
  for (const field of ['reasoning', 'reasoning_content', 'reasoning_text'] as const) {
    const text = asString(delta[field]);
    if (text) return text;
  }
  return undefined;
}

/**
 * Finish reasons that say the answer was cut off or failed rather than finished, though `[DONE]`
 * follows them. vLLM ends an answer its engine gave up on (shut down, paused, scaled down, or asked
 * to abort) with `abort`; OpenRouter ends a failed one with `error`. Neither is an OpenAI value.
 */
const CUT_OFF = new Map([
  [
    'abort',
    { code: 'incomplete_stream', message: 'The backend aborted the answer before it finished' },
  ],
  ['error', { code: 'upstream_error', message: 'The backend failed while answering' }],
]);

/** Events that show the answer's content. */
const shows = (e: RunnelEvent) =>
  e.type === 'content' || e.type === 'reasoning' || e.type === 'tool_call';

/**
 * Turns a provider's SSE items into Runnel events. Pure and synchronous: the caller feeds items and
 * forwards what comes back. After a terminal event (`done` or `error`) everything else is ignored;
 * `finished` tells the caller to close the upstream connection.
 */
export function createNormalizer(options: NormalizerOptions = {}) {
  const think = createThinkSplitter(!!options.thinkPrefilled && options.prefill === undefined);
  const tools = createToolCallAssembler();
  const echo = options.prefill === undefined ? undefined : createPrefillEcho(options.prefill);
  let finished = false;
  let finishSent = false;
  let finalUsageSent = false;
  let lastUsage: Usage | undefined;
  let heldNotice: string | undefined;
  /** Whether the answer has shown anything yet: text, reasoning or a tool call. */
  let produced = false;

  function fail(code: string, message: string, extra: { status?: number; type?: string } = {}) {
    finished = true;
    return [{ type: 'error', error: { message, code, ...extra } } as RunnelEvent];
  }

  /** Fails the answer after releasing what was held back, which the reader should still get. */
  function failKeeping(
    code: string,
    message: string,
    extra?: { status?: number; type?: string },
  ): RunnelEvent[] {
    const out: RunnelEvent[] = [];
    releaseHeld(out);
    flushText(out);
    return [...out, ...fail(code, message, extra)];
  }

  function releaseHeld(out: RunnelEvent[]): void {
    if (heldNotice !== undefined) out.push({ type: 'content', text: heldNotice });
    heldNotice = undefined;
  }

  function pushText(out: RunnelEvent[], text: string): void {
    for (const piece of think.push(text)) {
      if (piece.kind === 'reasoning') {
        out.push({ type: 'reasoning', text: piece.text });
        continue;
      }
      releaseHeld(out);
      if (options.bracketedNotice && matchBracketedNotice(piece.text) !== undefined) {
        heldNotice = piece.text;
      } else {
        out.push({ type: 'content', text: piece.text });
      }
    }
  }

  function flushText(out: RunnelEvent[]): void {
    for (const piece of think.flush()) out.push({ type: piece.kind, text: piece.text });
  }

  /**
   * The answer is over (finish or `[DONE]`): release held text and complete tool calls — or, when a
   * bracketed delta was held, it proves to be tAI's failure notice. False when that failed the turn.
   */
  function endAnswer(out: RunnelEvent[]): boolean {
    const held = echo?.flush();
    if (held) pushText(out, held);
    flushText(out);
    if (heldNotice === undefined) {
      out.push(...tools.drain());
      return true;
    }
    const notice = matchBracketedNotice(heldNotice) ?? heldNotice;
    heldNotice = undefined;
    out.push(...fail('provider_notice', notice));
    return false;
  }

  function onChunk(chunk: JsonObject): RunnelEvent[] {
    const out: RunnelEvent[] = [];
    const reading = promptProgress(chunk.prompt_progress);
    if (reading) out.push({ type: 'status', message: reading });
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice = asObject(choices[0]);
    if (choice) {
      const delta = asObject(choice.delta) ?? asObject(choice.message) ?? {};
      const reasoning = readReasoning(delta);
      if (reasoning) {
        think.parsed();
        releaseHeld(out);
        out.push({ type: 'reasoning', text: reasoning });
      }
      let text = asString(delta.content) ?? asString(choice.text);
      if (Array.isArray(delta.content)) {
        const parts = readContentParts(delta.content);
        if (parts.reasoning) {
          releaseHeld(out);
          out.push({ type: 'reasoning', text: parts.reasoning });
        }
        text = parts.text;
      }
      if (text && echo) text = echo.take(text);
      if (text) pushText(out, text);
      // OpenAI's refusal of a structured answer comes in a field of its own, in place of the
      // content: shown as the answer, not dropped for an empty one.
      const refusal = asString(delta.refusal);
      if (refusal) pushText(out, refusal);
      tools.add(delta.tool_calls);
      const reason = asString(choice.finish_reason);
      if (reason && !finishSent) {
        if (!endAnswer(out)) return out;
        const cut = CUT_OFF.get(reason);
        if (cut) return [...out, ...fail(cut.code, cut.message)];
        out.push({ type: 'finish', reason });
        finishSent = true;
      }
    }
    const usage = readUsage(chunk.usage);
    if (usage) {
      lastUsage = usage;
      // The usage chunk has no choices; continuous usage rides on content chunks.
      const final = choices.length === 0;
      if (final) finalUsageSent = true;
      out.push({ type: 'usage', usage, final });
    } else if (!finishSent) {
      const running = readTimings(chunk.timings);
      if (running) {
        lastUsage = running;
        out.push({ type: 'usage', usage: running, final: false });
      }
    }
    return out;
  }

  function onDone(): RunnelEvent[] {
    const out: RunnelEvent[] = [];
    if (!endAnswer(out)) return out;
    // `[DONE]` after nothing at all and no finish reason: vLLM's stream when the request failed
    // before its first token. Not an empty answer that finished.
    if (!finishSent && !produced && !out.some(shows)) {
      return [
        ...out,
        ...fail('incomplete_stream', 'The backend ended the stream without an answer'),
      ];
    }
    if (!finalUsageSent && lastUsage) out.push({ type: 'usage', usage: lastUsage, final: true });
    out.push({ type: 'done' });
    finished = true;
    return out;
  }

  function onData(data: string, event?: string, unterminated = false): RunnelEvent[] {
    const out = onFrame(data, event, unterminated);
    if (!produced) produced = out.some(shows);
    return out;
  }

  function onFrame(data: string, event?: string, unterminated = false): RunnelEvent[] {
    const trimmed = data.trim();
    if (trimmed === '[DONE]') return onDone();
    // An empty `data:` frame carries nothing (some proxies keep connections alive with them).
    if (!trimmed) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      // A frame cut off by the end of the stream is the end's problem (incomplete), not garbage.
      if (unterminated) return [];
      // An `event: error` frame in plain text is still the backend's failure, in its words.
      if (event === 'error') return failKeeping('upstream_error', trimmed);
      return failKeeping('protocol_error', 'The backend sent a frame that is not valid JSON');
    }
    const looksLikeError =
      isObject(parsed) &&
      ((parsed.error !== undefined && parsed.error !== null) || parsed.object === 'error');
    const error = looksLikeError
      ? readErrorObject(parsed)
      : event === 'error'
        ? (readErrorObject(parsed) ?? { message: data })
        : undefined;
    if (error) return failKeeping('upstream_error', error.message, error);
    if (!isObject(parsed)) {
      return fail('protocol_error', 'The backend sent a frame that is not a JSON object');
    }
    return onChunk(parsed);
  }

  return {
    /** Feeds one SSE item; returns the events it produces. */
    push(item: SseItem): RunnelEvent[] {
      if (finished) return [];
      if (item.type === 'comment') {
        return KEEPALIVE_COMMENT.test(item.text) ? [] : [{ type: 'status', message: item.text }];
      }
      if (item.type === 'overflow') {
        return failKeeping('protocol_error', 'The backend sent a frame too large to read');
      }
      return onData(item.data, item.event, item.unterminated);
    },
    /** The backend's stream ended. Without `[DONE]` that is a failure, whatever came before. */
    end(): RunnelEvent[] {
      if (finished) return [];
      return failKeeping(
        'incomplete_stream',
        'The backend closed the stream before it finished ([DONE] never arrived)',
      );
    },
    get finished() {
      return finished;
    },
  };
}
