import 'server-only';

import type { AnswerCost, Usage } from '../../protocol/events';
import type { GpuCost, TokenPrice } from '../config/price-config';
import type { ProviderConfig } from '../config/providers-config';
import type { BackendShares, BackendTime } from './backend-share';

/** What an answer's cost is computed from: its model's token prices and its backend's GPUs. */
export interface Pricing {
  /** The model's `price`, else its provider's. */
  price?: TokenPrice;
  gpu?: GpuCost;
  /** Of the amounts: the prices' currency (a provider with GPUs has one currency for both). */
  currency: string;
}

/** The prices that apply to `upstreamId` on `provider`, or undefined when none are configured. */
export function pricingFor(provider: ProviderConfig, upstreamId: string): Pricing | undefined {
  const own = provider.models.find((m) => m.id === upstreamId)?.price;
  const price = own ?? provider.price;
  if (!price) return undefined;
  return {
    ...(price.input !== undefined ? { price } : {}),
    ...(provider.gpu ? { gpu: provider.gpu } : {}),
    currency: price.currency,
  };
}

/** Amounts are sums of products of decimals: 10 decimals drop float noise (0.1 + 0.2). */
const round = (n: number) => Math.round(n * 1e10) / 1e10;

/**
 * Tokens at `price`: prompt tokens the backend reports as cached at `cachedInput` (else at
 * `input`), the rest of the prompt at `input`, the completion (reasoning included) at `output`.
 */
export function tokenCost(usage: Usage, price: TokenPrice): number | undefined {
  if (price.input === undefined || price.output === undefined) return undefined;
  const cached = Math.min(Math.max(usage.cached_tokens ?? 0, 0), usage.prompt_tokens);
  const cachedRate = price.cachedInput ?? price.input;
  return round(
    ((usage.prompt_tokens - cached) * price.input +
      cached * cachedRate +
      usage.completion_tokens * price.output) /
      price.per,
  );
}

/** `shareMs` of a backend's time (see backend-share.ts) at `gpus` × `hourly`. */
export function gpuCost(shareMs: number, gpu: GpuCost): number {
  return round((shareMs / 3_600_000) * gpu.hourly * gpu.gpus);
}

/** The answer's cost from its usage (if reported) and its share of GPU time (if any). */
export function answerCost(
  pricing: Pricing,
  usage: Usage | undefined,
  shareMs: number | undefined,
): AnswerCost | undefined {
  const tokens = usage && pricing.price ? tokenCost(usage, pricing.price) : undefined;
  const gpu = pricing.gpu && shareMs !== undefined ? gpuCost(shareMs, pricing.gpu) : undefined;
  if (tokens === undefined && gpu === undefined) return undefined;
  return {
    amount: round((tokens ?? 0) + (gpu ?? 0)),
    currency: pricing.currency,
    ...(tokens !== undefined ? { tokens } : {}),
    ...(gpu !== undefined ? { gpu } : {}),
  };
}

/** One answer's cost as it runs: the backend's time from the first request, the sum at the end. */
export interface CostMeter {
  /** `fetch` that starts the answer's time on the backend with its first request. */
  watch(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
  /** Ends the backend time (once) and returns the cost with `usage`, the last usage reported. */
  finish(usage: Usage | undefined): AnswerCost | undefined;
}

/**
 * A meter for an answer from `backend` (a provider id). The time starts at the first upstream
 * request — after the answer's wait in Runnel's line, which uses no GPU — and ends with the answer.
 */
export function createCostMeter(
  pricing: Pricing,
  backend: string,
  shares: BackendShares,
): CostMeter {
  let time: BackendTime | undefined;
  let finished = false;
  return {
    watch(fetch) {
      if (!pricing.gpu) return fetch;
      return (input, init) => {
        if (!finished) time ??= shares.join(backend);
        return fetch(input, init);
      };
    },
    finish(usage) {
      finished = true;
      return answerCost(pricing, usage, pricing.gpu ? (time?.end() ?? 0) : undefined);
    },
  };
}
