import 'server-only';

import { z } from 'zod';

/** Text that counts as unset when empty or blank. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v : undefined));

/** An http(s) URL, without trailing slashes. */
export const url = z
  .string()
  .trim()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL')
  .transform((u) => u.replace(/\/+$/, ''));

/** A whole number from the environment, `fallback` when unset, at least `min`, at most `max`. */
export const intFrom = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        const what = min === 0 ? 'a whole number ≥ 0' : 'a positive integer';
        ctx.addIssue({ code: 'custom', message: `must be ${what}, got "${v}"` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    });

/** A positive integer from the environment, `fallback` when unset. */
export const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  intFrom(fallback, 1, max);
