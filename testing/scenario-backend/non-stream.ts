/**
 * Folds a streamed plan into a single JSON response for `stream: false`
 * requests, so the app's non-streaming calls (titles, connection checks) get a
 * realistic `chat.completion` / `text_completion` object from the same scenario.
 */
import type { Flavor } from './flavors';
import { jsonError } from './http-utils';
import { toJson } from './sse-format';
import type { HttpErrorSpec, StreamPlan } from './types';

/** What to do instead of streaming. */
type NonStreamOutcome = { respond: HttpErrorSpec } | { destroy: true } | { hang: true };

interface ToolCallAcc {
  index: number;
  id: unknown;
  type: unknown;
  function: { name: unknown; arguments: string };
}

type Json = Record<string, unknown>;

function asObject(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** Aggregates the plan's chunks; error frames become an HTTP error with their code. */
export function aggregatePlan(plan: StreamPlan, flavor: Flavor): NonStreamOutcome {
  let head: Json | undefined;
  let content = '';
  let text = '';
  const reasoning: Record<string, string> = {};
  const tools = new Map<number, ToolCallAcc>();
  let finish: unknown = null;
  let usage: unknown;
  let isText = false;

  for (const step of plan.steps) {
    if ('destroy' in step) return { destroy: true };
    if ('hang' in step) return { hang: true };
    if (!('chunk' in step)) continue;
    const chunk = step.chunk as Json;
    const error = asObject(chunk.error);
    if (error) {
      const status = typeof error.code === 'number' && error.code >= 400 ? error.code : 500;
      return { respond: jsonError(status, { error }) };
    }
    head ??= chunk;
    if (chunk.usage) usage = chunk.usage;
    const choice = Array.isArray(chunk.choices) ? asObject(chunk.choices[0]) : undefined;
    if (!choice) continue;
    if (choice.finish_reason) finish = choice.finish_reason;
    if (typeof choice.text === 'string') {
      isText = true;
      text += choice.text;
    }
    const delta = asObject(choice.delta);
    if (!delta) continue;
    if (typeof delta.content === 'string') content += delta.content;
    for (const field of ['reasoning', 'reasoning_content']) {
      const v = delta[field];
      if (typeof v === 'string') reasoning[field] = (reasoning[field] ?? '') + v;
    }
    if (Array.isArray(delta.tool_calls)) mergeToolCalls(tools, delta.tool_calls);
  }

  const base = {
    id: head?.id,
    object: isText ? 'text_completion' : 'chat.completion',
    created: head?.created,
    model: head?.model,
  };
  const choice = isText
    ? { index: 0, text, logprobs: null, finish_reason: finish }
    : {
        index: 0,
        message: {
          role: 'assistant',
          content: tools.size > 0 && content === '' ? null : content,
          ...reasoning,
          ...(tools.size > 0
            ? {
                tool_calls: [...tools.values()].map((t) => ({
                  id: t.id,
                  type: t.type,
                  function: t.function,
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: finish,
      };
  const body = { ...base, choices: [choice], usage };
  return {
    respond: { status: 200, contentType: 'application/json', body: toJson(body, flavor.jsonStyle) },
  };
}

function mergeToolCalls(tools: Map<number, ToolCallAcc>, deltas: unknown[]): void {
  for (const d of deltas) {
    const o = asObject(d);
    if (!o || typeof o.index !== 'number') continue;
    const acc = tools.get(o.index) ?? {
      index: o.index,
      id: null,
      type: 'function',
      function: { name: null, arguments: '' },
    };
    if (o.id !== undefined) acc.id = o.id;
    if (o.type !== undefined) acc.type = o.type;
    const fn = asObject(o.function);
    if (fn?.name !== undefined) acc.function.name = fn.name;
    if (typeof fn?.arguments === 'string') acc.function.arguments += fn.arguments;
    tools.set(o.index, acc);
  }
}
