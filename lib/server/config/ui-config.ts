import 'server-only';
import { environment } from './environment';

import { z } from 'zod';
import { DEFAULT_IMAGE_MAX_EDGE } from '../../protocol/api-shapes';
import { ConfigError } from './config-error';

/** What the chat page shows and prepares, from the environment. */
export interface UiConfig {
  /** Prompts offered on the new-chat screen (`SUGGESTED_PROMPTS`); empty: none. */
  suggestedPrompts: string[];
  /** Attached images are downscaled to this longest edge (`IMAGE_MAX_EDGE`). */
  imageMaxEdge: number;
  /** True when `IMAGE_MAX_EDGE` was set (the page is told only then). */
  imageMaxEdgeSet: boolean;
  /**
   * `LOCAL_MODEL_NOTICE`: set by the main command when it could not start the local model and
   * fell back to the scenario backend; the new-chat screen shows it.
   */
  notice?: string;
  /** `TITLE_MODEL`: the model that names conversations, `off`, or null for each chat's own. */
  titleModel: string | null;
  /** `SIGN_IN_HINT`: one line under the sign-in card's heading (who to ask for access); null: none. */
  signInHint: string | null;
}

const MAX_PROMPTS = 8;
const MAX_PROMPT_LENGTH = 300;

/**
 * `SUGGESTED_PROMPTS`: a JSON array of strings, or prompts separated by `|` (commas are common in
 * prompts, so they do not separate).
 */
const promptsSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const raw = value?.trim();
    if (!raw) return [];
    let list: unknown = raw.split('|');
    if (raw.startsWith('[')) {
      try {
        list = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'starts with "[" but is not a JSON array' });
        return z.NEVER;
      }
    }
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of strings' });
      return z.NEVER;
    }
    const prompts = list.map((p: string) => p.trim()).filter(Boolean);
    if (prompts.length > MAX_PROMPTS) {
      ctx.addIssue({
        code: 'custom',
        message: `at most ${MAX_PROMPTS} prompts, got ${prompts.length}`,
      });
      return z.NEVER;
    }
    const long = prompts.find((p) => p.length > MAX_PROMPT_LENGTH);
    if (long) {
      ctx.addIssue({
        code: 'custom',
        message: `each prompt at most ${MAX_PROMPT_LENGTH} characters ("${long.slice(0, 40)}…")`,
      });
      return z.NEVER;
    }
    return prompts;
  });

/** `IMAGE_MAX_EDGE`: whole pixels, 64–8192 (smaller is unreadable, larger no model takes). */
const edgeSchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 64 || n > 8192) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number of pixels from 64 to 8192, got "${v}"`,
      });
      return z.NEVER;
    }
    return n;
  });

/** `TITLE_MODEL`: a model id as `GET /api/models` lists it, or `off`. */
const titleModelSchema = z
  .string()
  .trim()
  .max(300, 'must be a model id of at most 300 characters')
  .optional()
  .transform((v) => v || null);

/** `SIGN_IN_HINT`: plain text, one short line. */
const hintSchema = z
  .string()
  .trim()
  .max(200, 'must be one line of at most 200 characters')
  .refine((v) => !v.includes('\n'), 'must be one line')
  .optional()
  .transform((v) => v || null);

const uiEnvSchema = z.object({
  SUGGESTED_PROMPTS: promptsSchema,
  IMAGE_MAX_EDGE: edgeSchema,
  LOCAL_MODEL_NOTICE: z.string().trim().max(500).optional(),
  TITLE_MODEL: titleModelSchema,
  SIGN_IN_HINT: hintSchema,
});

/** Builds the UI configuration; a bad value throws a ConfigError naming the variable. */
export function buildUiConfig(env: Record<string, string | undefined>): UiConfig {
  const parsed = uiEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const edge = parsed.data.IMAGE_MAX_EDGE;
  return {
    suggestedPrompts: parsed.data.SUGGESTED_PROMPTS,
    imageMaxEdge: edge ?? DEFAULT_IMAGE_MAX_EDGE,
    imageMaxEdgeSet: edge !== undefined,
    ...(parsed.data.LOCAL_MODEL_NOTICE ? { notice: parsed.data.LOCAL_MODEL_NOTICE } : {}),
    titleModel: parsed.data.TITLE_MODEL,
    signInHint: parsed.data.SIGN_IN_HINT,
  };
}

let cached: UiConfig | undefined;

/** The UI configuration, read from the environment once (at the first request). */
export function getUiConfig(): UiConfig {
  cached ??= buildUiConfig(environment());
  return cached;
}
