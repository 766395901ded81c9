import { z } from './zod';
import type { RunnelEvent } from './events';

const usageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  reasoning_tokens: z.number().optional(),
  cached_tokens: z.number().optional(),
  credits_used: z.number().optional(),
  credit_balance: z.number().optional(),
});

/** Validates events read by the browser: a malformed frame must never crash the page. */
export const runnelEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), request_id: z.string(), model: z.string() }),
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
  z.object({ type: z.literal('usage'), usage: usageSchema, final: z.boolean() }),
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
  }),
]) satisfies z.ZodType<RunnelEvent>;
