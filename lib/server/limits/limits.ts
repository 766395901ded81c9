import 'server-only';
import { addressKey } from '../auth/address-match';
import type { Identity } from '../auth/identity';
import type { LimitSet, LimitsConfig } from '../config/limits-schema';
import type { Lease, Slots } from '../admission/slots';
import { consumeAll, consumeOrForget } from './consume';
import { toRetryAfterS, type Refusal } from './refusal';
import type { RateLimiterOptions, RateCounter } from '../redis/rate-limiter';

/** What a request holds while its answer streams; given back in one call when it ends. */
export interface LimitHold {
  /** Settles the token reservation with what the answer cost, and frees its stream slots. */
  end(tokensUsed: number): void;
}

export type LimitDecision = { ok: true; hold: LimitHold } | { ok: false; refusal: Refusal };

/** A request let in by the cheap checks, before its body is read. */
export interface Admitted {
  /**
   * Reserves the day's tokens once the body is known; a refusal gives back everything held. With
   * `atLeast`, less is taken when less is left (down to `atLeast`): a request that named no
   * `max_tokens` gets what remains of the day instead of a refusal.
   */
  reserve(tokens: number, atLeast?: number): Promise<LimitDecision>;
  /** Gives back what was taken, for a request refused after admission (bad body, unknown model). */
  release(): void;
}

export type Admission = { ok: true; admitted: Admitted } | { ok: false; refusal: Refusal };

export interface LimitsDeps {
  slots: Slots;
  rateLimiter: (options: RateLimiterOptions) => RateCounter;
  /** Is this origin allowed to embed the widget (only those get a per-site count). */
  isAllowedHost: (origin: string) => boolean;
}

export interface Limits {
  /**
   * The checks that need no body — a request of the minute, then a stream slot, then (visitors)
   * the site's minute — for every key the identity is counted under. Run before the body is read,
   * so a client over its limits costs no parsing. A refused request counts in its own minute only.
   */
  admit(identity: Identity): Promise<Admission>;
  /** `admit`, then `reserve(reserveTokens)`. */
  check(identity: Identity, reserveTokens: number): Promise<LimitDecision>;
}

const DAY_S = 86_400;
/** How long a stream lasts is unknown: suggest a short wait, the UI says to wait for one to end. */
const CONCURRENT_RETRY_S = 5;

/**
 * Per-identity limits (`RATE_LIMIT_*`, or `EMBED_RATE_LIMIT_*` for widget visitors). A visitor is
 * counted under its visitor id and under its address, and the stricter count wins: a new visitor
 * id (cleared storage, a script) does not reset a limit. A site's budget counts admitted requests
 * only, so a client refused by its own limits cannot spend the budget of everyone else on a site.
 */
export function createLimits(config: LimitsConfig, deps: LimitsDeps): Limits {
  const limiters = new Map<string, RateCounter>();
  const limiter = (keyPrefix: string, points: number, duration: number) => {
    let found = limiters.get(keyPrefix);
    if (!found) {
      found = deps.rateLimiter({ keyPrefix, points, duration });
      limiters.set(keyPrefix, found);
    }
    return found;
  };

  async function admit(identity: Identity): Promise<Admission> {
    const visitor = identity.kind === 'visitor';
    const set: LimitSet = visitor ? config.embed : config.user;
    const scope = visitor ? 'runnel:embed' : 'runnel:user';
    const keys = visitor ? [identity.key, `addr:${addressKey(identity.address)}`] : [identity.key];
    const host =
      identity.kind === 'visitor' &&
      identity.hostOrigin &&
      config.embed.hostRpm &&
      deps.isAllowedHost(identity.hostOrigin)
        ? { origin: identity.hostOrigin, rpm: config.embed.hostRpm }
        : undefined;

    if (set.rpm) {
      const refused = await consumeAll(limiter(`${scope}:rpm`, set.rpm, 60), keys, 1);
      if (refused)
        return refuse(
          'requests_per_minute',
          refused.msBeforeNext,
          `Too many requests: at most ${set.rpm} a minute.`,
        );
    }
    const leases: Lease[] = [];
    const releaseSlots = () => {
      for (const held of leases.splice(0)) held.release();
    };
    if (set.concurrent) {
      const taken = await Promise.all(
        keys.map((key) => deps.slots.tryTake(`${scope}:streams:${key}`, set.concurrent!)),
      );
      for (const lease of taken) if (lease) leases.push(lease);
      if (leases.length < taken.length) {
        releaseSlots();
        return refuse(
          'concurrent_streams',
          CONCURRENT_RETRY_S * 1000,
          `At most ${set.concurrent} answers at a time: wait for one to finish.`,
        );
      }
    }
    const hostLimiter = host ? limiter('runnel:embed:host-rpm', host.rpm, 60) : undefined;
    if (host && hostLimiter) {
      const refused = await consumeAll(hostLimiter, [host.origin], 1);
      if (refused) {
        releaseSlots();
        return refuse(
          'requests_per_minute',
          refused.msBeforeNext,
          `This site's chat is busy (at most ${host.rpm} requests a minute for all its visitors).`,
        );
      }
    }
    // A request refused after this point was never admitted: the site's minute gets it back.
    const giveBackHost = () => {
      if (host && hostLimiter) hostLimiter.reward(host.origin, 1).catch(() => undefined);
    };
    const tokens = set.tokensPerDay
      ? limiter(`${scope}:tokens`, set.tokensPerDay, DAY_S)
      : undefined;

    return {
      ok: true,
      admitted: {
        release() {
          releaseSlots();
          giveBackHost();
        },
        async reserve(wanted, atLeast) {
          let reserveTokens = wanted;
          if (tokens && atLeast !== undefined && atLeast < wanted) {
            const used = await Promise.all(keys.map((key) => tokens.get(key).catch(() => null)));
            const left =
              set.tokensPerDay! - Math.max(0, ...used.map((r) => r?.consumedPoints ?? 0));
            reserveTokens = Math.max(atLeast, Math.min(wanted, left));
          }
          if (tokens) {
            const refused = await consumeOrForget(tokens, keys, reserveTokens);
            if (refused) {
              releaseSlots();
              giveBackHost();
              return refuse(
                'tokens_per_day',
                refused.msBeforeNext,
                `The daily token quota (${set.tokensPerDay}) is used up.`,
              );
            }
          }
          const reserved = tokens ? reserveTokens : 0;
          return {
            ok: true,
            hold: {
              end(tokensUsed) {
                releaseSlots();
                if (!tokens || tokensUsed === reserved) return;
                const settle = (key: string) =>
                  tokensUsed < reserved
                    ? tokens.reward(key, reserved - tokensUsed)
                    : tokens.penalty(key, tokensUsed - reserved);
                for (const key of keys) settle(key).catch(() => undefined);
              },
            },
          };
        },
      },
    };
  }

  return {
    admit,
    async check(identity, reserveTokens) {
      const admission = await admit(identity);
      return admission.ok ? admission.admitted.reserve(reserveTokens) : admission;
    },
  };
}

function refuse(
  limit: Refusal['limit'],
  ms: number,
  message: string,
): { ok: false; refusal: Refusal } {
  const retryAfterS = toRetryAfterS(ms);
  return {
    ok: false,
    refusal: { limit, retryAfterS, message: `${message} Try again in ${retryAfterS} s.` },
  };
}
