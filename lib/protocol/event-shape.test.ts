import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnswerCost, RunnelEvent } from './events';
import { asRunnelEvent } from './event-shape';

/**
 * The events as a zod schema, written from the contract (docs/protocol.md): the reference the
 * browser's hand-written check must agree with. (The browser does not ship zod; the tests may.)
 */
const usage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  reasoning_tokens: z.number().optional(),
  cached_tokens: z.number().optional(),
  credits_used: z.number().optional(),
  credit_balance: z.number().optional(),
});
const reference = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    request_id: z.string(),
    model: z.string(),
    resume_token: z.string().optional(),
  }),
  z.object({ type: z.literal('status'), message: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.object({ type: z.literal('content'), text: z.string() }),
  z.object({
    type: z.literal('tool_call'),
    index: z.number(),
    id: z.string(),
    name: z.string(),
    arguments: z.string(),
  }),
  z.object({ type: z.literal('usage'), usage, final: z.boolean() }),
  z.object({ type: z.literal('finish'), reason: z.string() }),
  z.object({
    type: z.literal('error'),
    error: z.object({
      message: z.string(),
      code: z.string(),
      status: z.number().optional(),
      type: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal('done'),
    timing: z.object({ ttft_ms: z.number().nullable(), duration_ms: z.number() }).optional(),
    session: z.object({ id: z.string() }).optional(),
    // Checked where it is shown (lib/browser/chat/cost.ts), not by the reader.
    cost: z
      .custom<AnswerCost>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
      .optional(),
  }),
  z.object({ type: z.literal('stopped') }),
]) satisfies z.ZodType<RunnelEvent>;

/** One event of each type, with every optional field present. */
const VALID: RunnelEvent[] = [
  { type: 'start', request_id: 'chat_1', model: 'm', resume_token: 'tok' },
  { type: 'stopped' },
  { type: 'status', message: 'Loading weights' },
  { type: 'reasoning', text: 'Hm' },
  { type: 'content', text: 'Hi' },
  { type: 'tool_call', index: 0, id: 'call_1', name: 'f', arguments: '{}' },
  {
    type: 'usage',
    usage: {
      prompt_tokens: 1,
      completion_tokens: 2,
      total_tokens: 3,
      reasoning_tokens: 1,
      cached_tokens: 0,
      credits_used: 0.5,
      credit_balance: 9,
    },
    final: true,
  },
  { type: 'finish', reason: 'stop' },
  { type: 'error', error: { message: 'x', code: 'upstream_error', status: 502, type: 't' } },
  {
    type: 'done',
    timing: { ttft_ms: null, duration_ms: 5 },
    session: { id: 'sess_1' },
    cost: { amount: 0.3, currency: 'EUR', tokens: 0.1, gpu: 0.2 },
  },
];

const WRONG_VALUES: unknown[] = [undefined, null, 1, 'x', true, {}, []];

/** Every event with each field (nested ones too) removed or replaced by a value of another type. */
function variants(value: unknown, path: string[] = []): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [];
  const out: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const replace = (next: unknown): unknown => ({ ...value, [key]: next });
    for (const wrong of WRONG_VALUES) {
      out.push([[...path, key].join('.') + ` = ${JSON.stringify(wrong)}`, replace(wrong)]);
    }
    for (const [label, nested] of variants(inner, [...path, key])) {
      out.push([label, replace(nested)]);
    }
  }
  return out;
}

const SAMPLES: [string, unknown][] = [
  ...VALID.map((e): [string, unknown] => [`valid ${e.type}`, e]),
  ...VALID.flatMap((e) =>
    variants(e).map(([label, v]): [string, unknown] => [`${e.type}: ${label}`, v]),
  ),
  ['done without timing', { type: 'done' }],
  ['an unknown type', { type: 'paused' }],
  ['an extra field', { type: 'content', text: 'a', extra: 1 }],
  ['no type', { text: 'a' }],
  ['an array', [{ type: 'content', text: 'a' }]],
  ['a string', 'content'],
  ['null', null],
  ['a prototype key as type', { type: 'toString' }],
];

describe('asRunnelEvent', () => {
  it.each(SAMPLES)('agrees with the zod schema on %s', (_label, sample) => {
    const ok = reference.safeParse(sample).success;
    const event = asRunnelEvent(sample);
    expect(event !== null).toBe(ok);
    if (ok) expect(event).toBe(sample);
  });

  it('covers many malformed events', () => {
    expect(SAMPLES.filter(([, s]) => !reference.safeParse(s).success).length).toBeGreaterThan(100);
  });
});
