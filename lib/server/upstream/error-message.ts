import 'server-only';

import { asNumber, asObject, asString, isObject } from './json-fields';

const MAX_MESSAGE_LENGTH = 300;

interface UpstreamErrorInfo {
  message: string;
  type?: string;
  status?: number;
}

/** On one line. Not shortened here: see `shortenMessage`. */
function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A backend's message cut to a length worth showing. Applied only after secrets were redacted
 * (event-stamp.ts): a cut through a key leaves a prefix of it that redaction no longer recognises.
 */
export function shortenMessage(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

/**
 * Reads an error object in any of the shapes backends use: `{"error":{"message","type","code"}}`
 * (OpenAI, vLLM ≥ 0.10.1, ARK, llama.cpp), `{"object":"error","message",…}` (older vLLM),
 * `{"error":"text"}`, `{"message"}` (with `type` and `code` when given) or `{"detail"}` (FastAPI).
 * Returns undefined when it is none.
 */
export function readErrorObject(value: unknown): UpstreamErrorInfo | undefined {
  if (!isObject(value)) return undefined;
  const nested = value.error;
  if (typeof nested === 'string') return { message: clean(nested) };
  const wrapped = asObject(nested) ?? (value.object === 'error' ? value : undefined);
  // Unwrapped (`{"message","type","code"}`, as old llama.cpp servers send in their `error:` field).
  const inner = wrapped ?? value;
  const message =
    asString(inner.message) ?? asString(inner.detail) ?? (wrapped ? 'Unknown error' : undefined);
  if (message === undefined) return undefined;
  const type = asString(inner.type);
  const status = asNumber(inner.code);
  return {
    message: clean(message),
    ...(type ? { type } : {}),
    ...(status && status >= 400 && status < 600 ? { status } : {}),
  };
}

/** Text of an HTML page worth showing: its title, else its visible text. */
function htmlText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (title?.trim()) return title;
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ');
}

/**
 * A clean message for a backend's non-2xx body, whatever its format: JSON in either vLLM shape, an
 * HTML error page from a proxy, or plain text. Still whole: it is shortened once redacted.
 */
export function describeErrorBody(body: string, contentType: string, status: number): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || contentType.includes('json')) {
    try {
      const info = readErrorObject(JSON.parse(trimmed));
      if (info) return info.message;
    } catch {
      // Not JSON after all: fall through to text.
    }
  }
  const text = clean(
    contentType.includes('html') || /^<(!doctype|html)/i.test(trimmed)
      ? htmlText(trimmed)
      : trimmed,
  );
  return text || `The backend answered HTTP ${status}`;
}
