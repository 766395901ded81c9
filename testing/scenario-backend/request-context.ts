/** Derives the scenario context (usage flags, token estimate, key) from a request. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Endpoint, RequestBody, ScenarioContext } from './types';

/** Words in every text part of `messages` (chat) or `prompt` (completions). */
export function promptWords(body: RequestBody): number {
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      // Message objects carry `content`; content parts carry `text`.
      if ('content' in o) collect(o.content);
      if (typeof o.text === 'string') texts.push(o.text);
    }
  };
  collect(body.messages);
  collect(body.prompt);
  return texts.join(' ').split(/\s+/u).filter(Boolean).length;
}

/** The bearer token of an `Authorization: Bearer …` header. */
function bearerKey(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (!auth) return null;
  const m = /^Bearer\s+(.*)$/iu.exec(auth.trim());
  return m ? (m[1] ?? '') : auth;
}

/** Builds the context a scenario sees. */
export function buildContext(
  body: RequestBody,
  headers: IncomingHttpHeaders,
  endpoint: Endpoint,
): ScenarioContext {
  const so = body.stream_options;
  const opts = so !== null && typeof so === 'object' ? (so as Record<string, unknown>) : {};
  const max = body.max_completion_tokens ?? body.max_tokens;
  return {
    model: typeof body.model === 'string' ? body.model : '',
    endpoint,
    includeUsage: opts.include_usage === true,
    continuousUsage: opts.continuous_usage_stats === true,
    promptTokens: promptWords(body) + 5,
    bearerKey: bearerKey(headers),
    maxTokens: typeof max === 'number' && Number.isFinite(max) ? max : null,
  };
}
