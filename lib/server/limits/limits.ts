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
   * of the day — for every key the identity is counted under; refuses when any limit is reached
   * (giving back the slots and tokens taken; the request still counts in its minute), naming the
   * first in that order. Nothing to check resolves at once.
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

    const hostRpm =
      visitor &&
      identity.hostOrigin &&
      config.embed.hostRpm &&
      deps.isAllowedHost(identity.hostOrigin)
        ? config.embed.hostRpm
        : undefined;
    const tokens = set.tokensPerDay
      ? limiter(`${scope}:tokens`, set.tokensPerDay, DAY_S)
      : undefined;
    // Every count at once (one round trip to Redis rather than one per limit); what was taken is
    // given back below when any of them refuses.
    const [rpmRefused, hostRefused, taken, tokensRefused] = await Promise.all([
      set.rpm ? consumeAll(limiter(`${scope}:rpm`, set.rpm, 60), keys, 1) : undefined,
      hostRpm && identity.kind === 'visitor' && identity.hostOrigin
        ? consumeAll(limiter('runnel:embed:host-rpm', hostRpm, 60), [identity.hostOrigin], 1)
        : undefined,
      set.concurrent
        ? Promise.all(
            keys.map((key) => deps.slots.tryTake(`${scope}:streams:${key}`, set.concurrent!)),
          )
        : [],
      tokens ? consumeAll(tokens, keys, reserveTokens, true) : undefined,
    ]);
    const leases: Lease[] = (taken as (Lease | null)[]).filter(
      (lease): lease is Lease => lease !== null,
    );
    const refusal = rpmRefused
      ? refuse(
          'requests_per_minute',
          rpmRefused.msBeforeNext,
          `Too many requests: at most ${set.rpm} a minute.`,
        )
      : hostRefused
        ? refuse(
            'requests_per_minute',
            hostRefused.msBeforeNext,
            `This site's chat is busy (at most ${hostRpm} requests a minute for all its visitors).`,
          )
        : leases.length < taken.length
          ? refuse(
              'concurrent_streams',
              CONCURRENT_RETRY_S * 1000,
              `At most ${set.concurrent} answers at a time: wait for one to finish.`,
            )
          : tokensRefused
            ? refuse(
                'tokens_per_day',
                tokensRefused.msBeforeNext,
                `The daily token quota (${set.tokensPerDay}) is used up.`,
              )
            : undefined;
    if (refusal) {
      for (const held of leases) held.release();
      if (tokens && !tokensRefused)
        for (const key of keys) tokens.reward(key, reserveTokens).catch(() => undefined);
      return refusal;
    }
    const reserved = tokens ? reserveTokens : 0;
    return {
      ok: true,
      hold: {
        end(tokensUsed) {
          for (const held of leases) held.release();
          if (!tokens || tokensUsed === reserved) return;
          const settle = (key: string) =>
            tokensUsed < reserved
              ? tokens.reward(key, reserved - tokensUsed)
              : tokens.penalty(key, tokensUsed - reserved);
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
  if (undo)
    await Promise.all(keys.map((key) => limiter.reward(key, points).catch(() => undefined)));
  return refused.reduce((a, b) => (b.msBeforeNext > a.msBeforeNext ? b : a));
}

function refuse(limit: Refusal['limit'], ms: number, message: string): LimitDecision {
  const retryAfterS = toRetryAfterS(ms);
  return {
    ok: false,
    refusal: { limit, retryAfterS, message: `${message} Try again in ${retryAfterS} s.` },
  };
}
