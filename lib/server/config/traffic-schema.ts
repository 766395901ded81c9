import 'server-only';

import { z } from 'zod';
import { positiveInt } from './env-values';

/** What a request may carry, beyond the body cap everyone gets (`MAX_REQUEST_BYTES`). */
export interface TrafficConfig {
  /** `EMBED_MAX_REQUEST_BYTES`: the body cap for widget visitors (anonymous by design). */
  embedMaxRequestBytes: number;
  /**
   * `IMAGE_URL_ALLOWED_HOSTS`: lower-case host names whose `https` image URLs may be forwarded to
   * the backend; empty: only `data:` images (the backend would otherwise fetch whatever address a
   * client names, from inside the deployment's network).
   */
  imageURLAllowedHosts: string[];
  /**
   * `EMBED_ALLOW_TOOLS`: widget visitors may send `tools`, `tool_choice` and `response_format`
   * (within the bounds everyone has). Off by default: the widget never sends them, so from a
   * visitor they only come from a script.
   */
  embedAllowTools: boolean;
}

/** A widget conversation with its short history; pictures are downscaled in the browser first. */
const EMBED_MAX_REQUEST_BYTES = 256 * 1024;

const HOST = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** The environment variables of {@link TrafficConfig}. */
export const trafficEnvSchema = z.object({
  EMBED_MAX_REQUEST_BYTES: positiveInt(EMBED_MAX_REQUEST_BYTES),
  EMBED_ALLOW_TOOLS: z
    .enum(['', '0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  IMAGE_URL_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const hosts = (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.find((h) => !HOST.test(h));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not a host name (e.g. images.example.com or *.example.com)`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
});

/** Builds the traffic configuration from a parsed environment. */
export function toTrafficConfig(e: z.infer<typeof trafficEnvSchema>): TrafficConfig {
  return {
    embedMaxRequestBytes: e.EMBED_MAX_REQUEST_BYTES,
    imageURLAllowedHosts: e.IMAGE_URL_ALLOWED_HOSTS,
    embedAllowTools: e.EMBED_ALLOW_TOOLS,
  };
}

const SIGN_IN_VARIABLES = ['ACCESS_CODES', 'OIDC_ISSUER', 'AUTH_PROXY_HEADER'] as const;

/**
 * With a sign-in method set and the widget enabled, `EMBED_MODELS` must say what anonymous visitors
 * may use: unset, it means every model, and the widget would hand every model of a closed server
 * to anyone who loads a page that embeds it. A message naming the variable, or undefined.
 */
export function missingWidgetModels(env: Record<string, string | undefined>): string | undefined {
  const closed = SIGN_IN_VARIABLES.some((name) => env[name]?.trim());
  const embedded = Boolean(env.EMBED_ALLOWED_ORIGINS?.trim());
  if (!closed || !embedded || env.EMBED_MODELS?.split(',').some((id) => id.trim()))
    return undefined;
  return 'Invalid configuration: EMBED_MODELS: required when a sign-in method is set and EMBED_ALLOWED_ORIGINS lets sites embed the widget (the models anonymous visitors may use)';
}
