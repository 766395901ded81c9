import 'server-only';

import { z } from 'zod';

/** A positive whole number from the environment; unset or empty → `fallback`. */
export const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: `must be a positive integer, got "${v}"` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    });
