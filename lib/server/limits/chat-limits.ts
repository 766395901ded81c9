import 'server-only';
import type { Identity } from '../auth/identity';
import type { ChatRequest } from '../../protocol/chat-request';
import { isOriginAllowed } from '../../protocol/embed-origins';
import { getEmbedAllowlist } from '../config/embed-config';
import type { ProviderConfig } from '../config/providers-config';
import { getServerConfig } from '../config/server-config';
import { createAdmission } from '../admission/admission';
import { createServiceTimes } from '../admission/service-times';
import { readBackendLoad } from '../providers/backend-load';
import { createRedisSlotStore } from '../admission/redis-slot-store';
import { createMemorySlotStore, type SlotStore } from '../admission/slot-store';
import { createSlots, type Lease } from '../admission/slots';
import type { StreamGate } from '../stream/stream-gate';
import { readyRedis } from '../redis/client';
import { createLimits, type Admitted, type LimitHold } from './limits';
import { createRateLimiter } from '../redis/rate-limiter';
import { rateLimitedResponse } from './refusal';
import { createUsageMeter, estimatePromptTokens } from './token-estimate';
import { metrics } from '../metrics/metrics';

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

/** The least a request without `max_tokens` reserves for its answer. */
export const MIN_COMPLETION_TOKENS = 256;

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
    admission: createAdmission(
      slots,
      config.queueTimeoutMs,
      createServiceTimes({ shared: readyRedis }),
    ),
  };
}

/** What `admitChat` hands on: the rest of the checks, once the body is known. */
export interface ChatTicket {
  /**
   * The widget's model list, the day's tokens, then the gate the stream goes through (none: nothing
   * to do). A refusal gives back everything the ticket held.
   */
  reserve(input: ChatAdmissionInput): Promise<ChatAdmission>;
  /** Gives back what the ticket holds (the request was refused before `reserve`). */
  release(): void;
}

/**
 * The checks that need no body, run before it is read: the identity's requests a minute and
 * streams at once (refused with `429` before anything is parsed). Nothing configured costs nothing.
 */
export async function admitChat(
  identity: Identity,
): Promise<{ ok: false; response: Response } | { ok: true; ticket: ChatTicket }> {
  pieces ??= build();
  const { config, limits, admission } = pieces;
  const set = identity.kind === 'visitor' ? config.embed : config.user;
  const limited = Boolean(
    set.rpm ||
    set.concurrent ||
    set.tokensPerDay ||
    (identity.kind === 'visitor' && config.embed.hostRpm),
  );
  let admitted: Admitted | undefined;
  if (limited) {
    // Counted in Redis from the first request on (waits only for the process's first connection).
    await readyRedis();
    const decision = await limits.admit(identity);
    if (!decision.ok) {
      metrics.rateLimitRefused(decision.refusal.limit);
      return { ok: false, response: rateLimitedResponse(decision.refusal) };
    }
    admitted = decision.admitted;
  }
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    admitted?.release();
  };
  return {
    ok: true,
    ticket: {
      release,
      async reserve(input) {
        if (done) throw new Error('A chat ticket is used once.');
        if (
          identity.kind === 'visitor' &&
          config.embedModels &&
          !config.embedModels.includes(input.modelId)
        ) {
          release();
          return { ok: false, response: widgetModelRefused(input.modelId) };
        }
        const backendLimit = input.provider.maxConcurrentStreams;
        if (!admitted && !backendLimit) {
          done = true;
          return { ok: true };
        }
        const promptEstimate = estimatePromptTokens(input.chat);
        // Without `max_tokens` the answer's length is the backend's to decide: reserve what is
        // left of the day rather than refuse a request that would fit in it.
        const atLeast =
          input.chat.max_tokens === undefined
            ? promptEstimate + Math.min(MIN_COMPLETION_TOKENS, input.maxTokens)
            : undefined;
        const decision = admitted
          ? await admitted.reserve(promptEstimate + input.maxTokens, atLeast)
          : ({ ok: true, hold: { end: () => undefined } } as const);
        done = true;
        if (!decision.ok) {
          metrics.rateLimitRefused(decision.refusal.limit);
          return { ok: false, response: rateLimitedResponse(decision.refusal) };
        }
        return { ok: true, gate: streamGate(input, admission, decision.hold, promptEstimate) };
      },
    },
  };
}

function streamGate(
  input: ChatAdmissionInput,
  admission: ReturnType<typeof build>['admission'],
  hold: LimitHold,
  promptEstimate: number,
): StreamGate {
  const meter = createUsageMeter(promptEstimate);
  let lease: Lease | undefined;
  return {
    async enter({ signal, status }) {
      const result = await admission.enter({
        backend: input.provider.id,
        limit: input.provider.maxConcurrentStreams,
        signal,
        status,
        ...(input.provider.metricsURL ? { load: () => readBackendLoad(input.provider) } : {}),
      });
      if (!result) return;
      if ('error' in result) return result.error;
      lease = result.lease;
    },
    observe: (event) => meter.observe(event),
    leave() {
      lease?.release();
      hold.end(meter.tokens());
    },
  };
}

function widgetModelRefused(modelId: string): Response {
  return Response.json(
    {
      error: {
        code: 'forbidden',
        param: 'model',
        message: `The model '${modelId}' is not available in the chat widget.`,
      },
    },
    { status: 403, headers: { 'Cache-Control': 'no-store' } },
  );
}
