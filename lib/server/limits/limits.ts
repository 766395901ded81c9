import 'server-only';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Identity } from '../auth/identity';
import type { LimitSet, LimitsConfig } from '../config/limits-schema';
import type { Lease, Slots } from '../admission/slots';
import { toRetryAfterS, type Refusal } from './refusal';
import type { RateLimiterOptions } from './rate-limiter';

/** What a request holds while its answer streams; given back in one call when it ends. */
export interface LimitHold {
  /** Settles the token reservation with what the answer cost, and frees its stream slots. */
  end(tokensUsed: number): void;
}

export type LimitDecision = { ok: true; hold: LimitHold } | { ok: false; refusal: Refusal };

export interface LimitsDeps {
  slots: Slots;
  rateLimiter: (options: RateLimiterOptions) => RateLimiterAbstract;
  /** Is this origin allowed to embed the widget (only those get a per-site count). */
  isAllowedHost: (origin: string) => boolean;
}

export interface Limits {
  /**
   * Checks and takes what a request needs — a request of the minute, a stream slot, `reserveTokens`
   * of the day — for every key the identity is counted under; refuses at the first limit reached
   * (undoing what was taken). Nothing to check resolves at once.
   */
  check(identity: Identity, reserveTokens: number): Promise<LimitDecision>;
}

const DAY_S = 86_400;
/** How long a stream lasts is unknown: suggest a short wait, the UI says to wait for one to end. */
const CONCURRENT_RETRY_S = 5;

/**
 * Per-identity limits (`RATE_LIMIT_*`, or `EMBED_RATE_LIMIT_*` for widget visitors). A visitor is
 * counted under its visitor id and under its address, and the stricter count wins: a new visitor
 * id (cleared storage, a script) does not reset a limit.
 */
export function createLimits(config: LimitsConfig, deps: LimitsDeps): Limits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = (keyPrefix: string, points: number, duration: number) => {
    let found = limiters.get(keyPrefix);
    if (!found) {
      found = deps.rateLimiter({ keyPrefix, points, duration });
      limiters.set(keyPrefix, found);
    }
    return found;
  };

  async function check(identity: Identity, reserveTokens: number): Promise<LimitDecision> {
    const visitor = identity.kind === 'visitor';
    const set: LimitSet = visitor ? config.embed : config.user;
    const scope = visitor ? 'runnel:embed' : 'runnel:user';
    const keys = visitor ? [identity.key, `addr:${identity.address}`] : [identity.key];

    if (set.rpm) {
      const refused = await consumeAll(limiter(`${scope}:rpm`, set.rpm, 60), keys, 1);
      if (refused) return refuse('requests_per_minute', refused.msBeforeNext, rpmMessage(set.rpm));
    }
    if (visitor && identity.hostOrigin && config.embed.hostRpm && deps.isAllowedHost(identity.hostOrigin)) {
      const hostRpm = config.embed.hostRpm;
      const refused = await consumeAll(limiter('runnel:embed:host-rpm', hostRpm, 60), [identity.hostOrigin], 1);
      if (refused) {
        return refuse('requests_per_minute', refused.msBeforeNext, `This site's chat is busy (at most ${hostRpm} requests a minute for all its visitors).`);
      }
    }
    const leases: Lease[] = [];
    if (set.concurrent) {
      for (const key of keys) {
        const lease = await deps.slots.tryTake(`${scope}:streams:${key}`, set.concurrent);
        if (!lease) {
          for (const held of leases) held.release();
          return refuse('concurrent_streams', CONCURRENT_RETRY_S * 1000, `At most ${set.concurrent} answers at a time: wait for one to finish.`);
        }
        leases.push(lease);
      }
    }
    let reserved = 0;
    const tokens = set.tokensPerDay ? limiter(`${scope}:tokens`, set.tokensPerDay, DAY_S) : undefined;
    if (tokens && set.tokensPerDay) {
      const refused = await consumeAll(tokens, keys, reserveTokens, true);
      if (refused) {
        for (const held of leases) held.release();
        return refuse('tokens_per_day', refused.msBeforeNext, `The daily token quota (${set.tokensPerDay}) is used up.`);
      }
      reserved = reserveTokens;
    }
    return {
      ok: true,
      hold: {
        end(tokensUsed) {
          for (const held of leases) held.release();
          if (!tokens || tokensUsed === reserved) return;
          const settle = (key: string) =>
            tokensUsed < reserved ? tokens.reward(key, reserved - tokensUsed) : tokens.penalty(key, tokensUsed - reserved);
          for (const key of keys) settle(key).catch(() => undefined);
        },
      },
    };
  }

  return { check };
}

/**
 * Consumes `points` under every key; the refusal with the longest wait if any key is over. With
 * `undo`, a refused consumption is given back everywhere (a refused token reservation must not eat
 * the quota; a refused request still counts as a request of its minute).
 */
async function consumeAll(
  limiter: RateLimiterAbstract,
  keys: string[],
  points: number,
  undo = false,
): Promise<RateLimiterRes | undefined> {
  const results = await Promise.all(
    keys.map((key) =>
      limiter.consume(key, points).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return error;
          // Neither Redis nor memory could count (cannot happen with the memory insurance): let
          // the request through rather than failing it.
          return undefined;
        },
      ),
    ),
  );
  const refused = results.filter((r): r is RateLimiterRes => r !== undefined);
  if (refused.length === 0) return undefined;
  if (undo) await Promise.all(keys.map((key) => limiter.reward(key, points).catch(() => undefined)));
  return refused.reduce((a, b) => (b.msBeforeNext > a.msBeforeNext ? b : a));
}

function refuse(limit: Refusal['limit'], ms: number, message: string): LimitDecision {
  const retryAfterS = toRetryAfterS(ms);
  return { ok: false, refusal: { limit, retryAfterS, message: `${message} Try again in ${retryAfterS} s.` } };
}

function rpmMessage(rpm: number): string {
  return `Too many requests: at most ${rpm} a minute.`;
}
