import 'server-only';
import type { Identity } from '../auth/identity';
import type { ChatRequest } from '../../protocol/chat-request';
import { isOriginAllowed } from '../../protocol/embed-origins';
import { getEmbedAllowlist } from '../config/embed-config';
import type { ProviderConfig } from '../config/schema';
import { getServerConfig } from '../config/server-config';
import { createAdmission } from '../admission/admission';
import { createRedisSlotStore } from '../admission/redis-slot-store';
import { createMemorySlotStore, type SlotStore } from '../admission/slot-store';
import { createSlots, type Lease } from '../admission/slots';
import type { StreamGate } from '../admission/stream-gate';
import { readyRedis } from '../redis/client';
import { createLimits } from './limits';
import { createRateLimiter } from './rate-limiter';
import { rateLimitedResponse } from './refusal';
import { createUsageMeter, estimatePromptTokens } from './token-estimate';

export interface ChatAdmissionInput {
  chat: ChatRequest;
  /** The model id as `/api/models` lists it. */
  modelId: string;
  provider: ProviderConfig;
  /** `max_tokens` as it will be sent (capped by `MAX_OUTPUT_TOKENS`). */
  maxTokens: number;
}

/** A refusal to answer with at once, or the gate the stream goes through (none: nothing to do). */
export type ChatAdmission = { ok: false; response: Response } | { ok: true; gate?: StreamGate };

let pieces: ReturnType<typeof build> | undefined;

function build() {
  const { limits: config } = getServerConfig();
  let sharedStore: { redis: unknown; store: SlotStore } | undefined;
  const slots = createSlots({
    local: createMemorySlotStore(),
    shared: async () => {
      const redis = await readyRedis();
      if (!redis) return undefined;
      if (sharedStore?.redis !== redis) sharedStore = { redis, store: createRedisSlotStore(redis) };
      return sharedStore.store;
    },
  });
  return {
    config,
    limits: createLimits(config, {
      slots,
      rateLimiter: (options) => createRateLimiter(options),
      isAllowedHost: (origin) => isOriginAllowed(getEmbedAllowlist(), origin),
    }),
    admission: createAdmission(slots, config.queueTimeoutMs),
  };
}

/**
 * The checks between a valid request and its stream: the widget's model list, the identity's
 * limits (refused with `429` before the backend is contacted), then — inside the stream — the
 * backend's admission line. Returns no gate when nothing is configured, so such requests cost
 * nothing.
 */
export async function admitChat(
  identity: Identity,
  input: ChatAdmissionInput,
): Promise<ChatAdmission> {
  pieces ??= build();
  const { config, limits, admission } = pieces;
  if (
    identity.kind === 'visitor' &&
    config.embedModels &&
    !config.embedModels.includes(input.modelId)
  ) {
    return {
      ok: false,
      response: Response.json(
        {
          error: {
            code: 'forbidden',
            param: 'model',
            message: `The model '${input.modelId}' is not available in the chat widget.`,
          },
        },
        { status: 403, headers: { 'Cache-Control': 'no-store' } },
      ),
    };
  }
  const set = identity.kind === 'visitor' ? config.embed : config.user;
  const limited = Boolean(
    set.rpm ||
    set.concurrent ||
    set.tokensPerDay ||
    (identity.kind === 'visitor' && config.embed.hostRpm),
  );
  const backendLimit = input.provider.maxConcurrentStreams;
  if (!limited && !backendLimit) return { ok: true };

  // Counted in Redis from the first request on (waits only for the process's first connection).
  await readyRedis();
  const promptEstimate = estimatePromptTokens(input.chat);
  const decision = await limits.check(identity, promptEstimate + input.maxTokens);
  if (!decision.ok) return { ok: false, response: rateLimitedResponse(decision.refusal) };
  const meter = createUsageMeter(promptEstimate);
  let lease: Lease | undefined;
  return {
    ok: true,
    gate: {
      async enter({ signal, status }) {
        const result = await admission.enter({
          backend: input.provider.id,
          limit: backendLimit,
          signal,
          status,
        });
        if (!result) return;
        if ('error' in result) return result.error;
        lease = result.lease;
      },
      observe: (event) => meter.observe(event),
      leave() {
        lease?.release();
        decision.hold.end(meter.tokens());
      },
    },
  };
}
