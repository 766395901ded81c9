import 'server-only';

import { z } from 'zod';
import { withAccess, withoutVisitors } from '../auth/api-gate';
import { refuseUnlessSignedIn } from '../auth/signed-in-only';
import type { Identity } from '../auth/identity';
import { ConfigError } from '../config/config-error';
import { getUsageConfig } from '../config/usage-config';
import { database } from '../database/database';
import { jsonError } from '../http/json-error';
import { createRateLimiter, type RateCounter } from '../redis/rate-limiter';
import { processSingleton } from '../process-singleton';
import { isAdmin } from './admin-users';
import { usageReport } from './usage-report';
import { ALL_USERS, type UsageResponse } from '../../protocol/usage-shapes';

/** Reports one user may ask for per minute (the view asks once per opening). */
const REQUESTS_PER_MINUTE = 60;

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).optional().default(fallback);

const usageQuery = z
  .object({
    /** How many days, today included. */
    days: int(1, 90, 30),
    /** The reader's `Date.getTimezoneOffset()` (minutes): days start at their midnight. */
    tz_offset: int(-840, 840, 0),
    /** Whose usage: absent for the reader's own, a user key, or `*` for everyone's. */
    user: z.string().min(1).max(400).optional(),
  })
  .strict();

const limiter = (): RateCounter =>
  processSingleton('usage-rate', () =>
    createRateLimiter({ keyPrefix: 'runnel:usage', points: REQUESTS_PER_MINUTE, duration: 60 }),
  );

const json = (body: unknown) => Response.json(body, { headers: { 'Cache-Control': 'no-store' } });

/**
 * `GET /api/usage`: tokens, cost and answers by model and by day for the signed-in user; users
 * named in `ADMIN_USERS` may ask for another user's (`?user=<key>`) or everyone's (`?user=*`).
 * Cheapest checks first: the session, signed-in mode, the rate, the query, the right to read
 * whose usage is asked — and only then the database.
 */
export function handleUsage(request: Request): Promise<Response> {
  return withAccess(
    request,
    withoutVisitors(async (identity) => {
      try {
        return await report(request, identity);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        console.error(`[runnel] ${error.message}`);
        return jsonError({ status: 500, code: 'configuration_error', message: error.message });
      }
    }),
  );
}

async function report(request: Request, identity: Identity): Promise<Response> {
  const refused = await refuseUnlessSignedIn(identity, limiter(), {
    code: 'usage_off',
    message: 'Usage is kept for signed-in users only: no sign-in is configured.',
  });
  if (refused) return refused;
  const parsed = usageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const param = String(parsed.error.issues[0]?.path[0] ?? '');
    return jsonError({
      status: 400,
      code: 'invalid_request',
      message: `${param || 'query'}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      ...(param ? { param } : {}),
    });
  }
  const { days, tz_offset, user } = parsed.data;
  const admin = isAdmin(identity, getUsageConfig().adminUsers);
  const own = user === undefined || user === identity.key;
  if (!own && !admin) {
    return jsonError({
      status: 403,
      code: 'forbidden',
      message: "Only the users named in ADMIN_USERS may read other users' usage.",
    });
  }
  const target = own ? identity.key : user === ALL_USERS ? null : user!;
  const result = await usageReport(await database(), {
    user: target,
    days,
    tzOffsetMin: tz_offset,
    now: Date.now(),
  });
  const body: UsageResponse = { ...result, user: target ?? ALL_USERS, admin };
  return json(body);
}
