import 'server-only';

import { z } from 'zod';

/**
 * What answers cost, from the providers file: token prices (a provider's `price`, the default for
 * its models, or a model entry's own) and, for a self-hosted backend, what its GPUs cost an hour.
 */

/**
 * Token prices: `input`, `output` (and `cachedInput`, for prompt tokens the backend had cached) per
 * `per` tokens. A self-hosted provider that pays for GPUs, not tokens, may give only `currency`.
 */
export interface TokenPrice {
  input?: number;
  output?: number;
  /** How many tokens the prices are for (1,000,000 in most price lists). */
  per: number;
  /** ISO 4217 code ("USD", "EUR"), as `Intl.NumberFormat` takes it. */
  currency: string;
  /** For prompt tokens the backend reports as cached (`cached_tokens`); without it, `input`. */
  cachedInput?: number;
}

/** A self-hosted backend's hardware: the cost of one GPU-hour and how many GPUs serve it. */
export interface GpuCost {
  hourly: number;
  gpus: number;
}

const price = z.number().finite().nonnegative();

/** `price` in the providers file, on a provider or on a model entry. */
export const tokenPriceSchema = z
  .object({
    input: price.optional(),
    output: price.optional(),
    per: z.number().int().positive().default(1_000_000),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'a three-letter ISO 4217 code in capitals, e.g. "USD"'),
    cachedInput: price.optional(),
  })
  .strict()
  .refine((p) => (p.input === undefined) === (p.output === undefined), {
    message: 'give both input and output, or neither (a GPU-priced provider gives only currency)',
    path: ['output'],
  })
  .refine((p) => p.cachedInput === undefined || p.input !== undefined, {
    message: 'cachedInput needs input',
    path: ['cachedInput'],
  });

/** A provider's `gpuHourly` and `gpus`, checked together: one without the other is a mistake. */
export function gpuCostOf(p: { gpuHourly?: number; gpus?: number }): { gpu?: GpuCost } {
  if (p.gpuHourly === undefined) return {};
  return { gpu: { hourly: p.gpuHourly, gpus: p.gpus ?? 1 } };
}

/** `gpuHourly` (the cost of one GPU-hour, in the provider's `price.currency`) and `gpus`. */
export const gpuFields = {
  gpuHourly: price.optional(),
  gpus: z.number().int().positive().optional(),
};
