import 'server-only';
import { z } from 'zod';
import { optionalText, positiveInt } from './env-values';
import { ConfigError, formatIssues } from './config-error';
import { LOOPBACK_RANGES, parseAddressRanges, type AddressRange } from './address-ranges';
import { parseAccessCodes, parseAllowedEmails, type AccessCode } from './auth-lists';

export type { AccessCode } from './auth-lists';

/** OpenID Connect sign-in, when `OIDC_ISSUER` is set. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case addresses and `*@domain` entries; empty: every account of the issuer. */
  allowedEmails: string[];
  /** What the button says after "Sign in with". */
  name: string;
  /** `OIDC_ALLOW_UNVERIFIED_EMAIL`: take the address even when the provider does not verify it. */
  allowUnverifiedEmail: boolean;
}

/** Access control, from the variables in the README's configuration table. */
export interface AuthConfig {
  /** At least 32 bytes; set whenever a sign-in method is. */
  secret?: string;
  accessCodes: AccessCode[];
  oidc?: OidcConfig;
  /** Identity from a trusted reverse proxy's header (lower-case name). */
  proxy?: { header: string; trusted: AddressRange[] };
  /** Peers whose `X-Forwarded-For` names the client (loopback unless `FORWARDED_ALLOW_IPS`). */
  forwardedAllow: AddressRange[];
  sessionMaxAgeS: number;
  /** The origin users see, without a trailing slash. */
  publicURL?: string;
  /** True when any sign-in method is configured: the app is then closed to everyone else. */
  closed: boolean;
}

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const MIN_SECRET_BYTES = 32;

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** An http(s) origin (a trailing slash is tolerated); http only for loopback when `httpsUnlessLoopback`. */
function origin(httpsUnlessLoopback: boolean) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL` });
        return z.NEVER;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL' });
        return z.NEVER;
      }
      if (httpsUnlessLoopback && url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be https (http only for a loopback address)',
        });
        return z.NEVER;
      }
      return url;
    });
}

const authEnvSchema = z.object({
  AUTH_SECRET: optionalText.refine(
    (v) => v === undefined || Buffer.byteLength(v, 'utf8') >= MIN_SECRET_BYTES,
    `must be at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 32\`)`,
  ),
  ACCESS_CODES: optionalText,
  OIDC_ISSUER: optionalText.pipe(origin(true).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_ALLOWED_EMAILS: optionalText,
  OIDC_NAME: optionalText,
  OIDC_ALLOW_UNVERIFIED_EMAIL: z
    .enum(['', '0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  AUTH_PROXY_HEADER: optionalText.refine(
    (v) => v === undefined || /^[A-Za-z0-9-]+$/.test(v.trim()),
    'must be a header name (letters, digits and -)',
  ),
  AUTH_PROXY_TRUSTED_IPS: optionalText,
  FORWARDED_ALLOW_IPS: optionalText,
  SESSION_MAX_AGE_S: positiveInt(THIRTY_DAYS_S),
  PUBLIC_URL: optionalText.pipe(origin(false).optional()),
});

type AuthEnv = z.infer<typeof authEnvSchema>;

function ranges(name: string, text: string): AddressRange[] {
  const parsed = parseAddressRanges(text);
  if (!parsed.ok) {
    throw new ConfigError(
      `Invalid configuration: ${name}: "${parsed.entry}" is not an address or CIDR range`,
    );
  }
  return parsed.ranges;
}

function oidcConfig(e: AuthEnv): OidcConfig | undefined {
  const given = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const missing = given.filter((name) => !e[name]);
  if (missing.length === given.length) {
    const stray = (
      ['OIDC_ALLOWED_EMAILS', 'OIDC_NAME', 'OIDC_ALLOW_UNVERIFIED_EMAIL'] as const
    ).find((name) => e[name]);
    if (stray) throw new ConfigError(`Invalid configuration: ${stray}: needs OIDC_ISSUER`);
    return undefined;
  }
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')}: required with ${given.filter((n) => e[n]).join(', ')}`,
    );
  }
  const issuer = e.OIDC_ISSUER!;
  return {
    // As given (URL-normalised): discovery compares it with the provider's own `issuer`.
    issuer: issuer.href,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    allowedEmails: parseAllowedEmails(e.OIDC_ALLOWED_EMAILS),
    name: e.OIDC_NAME?.trim() ?? issuer.hostname,
    allowUnverifiedEmail: e.OIDC_ALLOW_UNVERIFIED_EMAIL,
  };
}

function proxyConfig(e: AuthEnv): AuthConfig['proxy'] {
  if (!e.AUTH_PROXY_HEADER) {
    if (e.AUTH_PROXY_TRUSTED_IPS) {
      throw new ConfigError(
        'Invalid configuration: AUTH_PROXY_TRUSTED_IPS: needs AUTH_PROXY_HEADER',
      );
    }
    return undefined;
  }
  const trusted = e.AUTH_PROXY_TRUSTED_IPS
    ? ranges('AUTH_PROXY_TRUSTED_IPS', e.AUTH_PROXY_TRUSTED_IPS)
    : [];
  if (!trusted.length) {
    throw new ConfigError(
      'Invalid configuration: AUTH_PROXY_TRUSTED_IPS: required with AUTH_PROXY_HEADER (the addresses of the proxy that sets it)',
    );
  }
  return { header: e.AUTH_PROXY_HEADER.trim().toLowerCase(), trusted };
}

/**
 * Builds the access configuration from an environment record. Pure, so every rule is
 * unit-tested; throws a ConfigError naming the variable.
 */
export function buildAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  const parsed = authEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${formatIssues('', parsed.error)}`);
  }
  const e = parsed.data;
  const accessCodes = parseAccessCodes(e.ACCESS_CODES);
  const oidc = oidcConfig(e);
  const proxy = proxyConfig(e);
  const closed = accessCodes.length > 0 || oidc !== undefined || proxy !== undefined;
  if (closed && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration: AUTH_SECRET: required when a sign-in method (ACCESS_CODES, OIDC_ISSUER, AUTH_PROXY_HEADER) is set',
    );
  }
  const publicURL = e.PUBLIC_URL;
  // Without it, redirects and the OpenID redirect URI would be built from the request's Host
  // header, which whoever sends the request writes.
  if (closed && !publicURL && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL: required in production when a sign-in method is set (the https origin users see)',
    );
  }
  if (publicURL && (publicURL.pathname !== '/' || publicURL.search || publicURL.username)) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL: must be an origin (scheme, host and port), e.g. https://chat.example.com',
    );
  }
  return {
    ...(e.AUTH_SECRET ? { secret: e.AUTH_SECRET } : {}),
    accessCodes,
    ...(oidc ? { oidc } : {}),
    ...(proxy ? { proxy } : {}),
    forwardedAllow: [
      ...(e.FORWARDED_ALLOW_IPS
        ? ranges('FORWARDED_ALLOW_IPS', e.FORWARDED_ALLOW_IPS)
        : LOOPBACK_RANGES),
      ...(proxy?.trusted ?? []),
    ],
    sessionMaxAgeS: e.SESSION_MAX_AGE_S,
    ...(publicURL ? { publicURL: publicURL.origin } : {}),
    closed,
  };
}
