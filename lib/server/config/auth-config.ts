import 'server-only';
import { commandLine, environment } from './environment';
import { buildAuthConfig, type AuthConfig } from './auth-schema';
import { listensBeyondLoopback } from './listen-address';

let cached: AuthConfig | undefined;

/**
 * The access configuration, read from the environment once and validated. Throws a ConfigError
 * naming the bad variable — every caller then fails closed (a broken sign-in setup never serves
 * the app open).
 */
export function getAuthConfig(): AuthConfig {
  cached ??= buildAuthConfig(environment());
  return cached;
}

/** Where the server runs, as far as access decisions need to know. */
export interface Deployment {
  /** On Vercel, whose edge overwrites `X-Forwarded-For` / `X-Real-IP` with the client's address. */
  vercel: boolean;
  /** Whether clients beyond this machine can reach the server (Vercel: always). */
  beyondLoopback: boolean;
  production: boolean;
  /** The port `next start` serves plain HTTP on (`PORT`), when it was given. */
  httpPort?: number;
}

let deployment: Deployment | undefined;

/**
 * The deployment facts, read once: `VERCEL`, `NODE_ENV`, `PORT`, and the address `next start` listens on
 * (its `-H`/`--hostname`, or `HOSTNAME` for the standalone server; neither means every interface).
 */
export function getDeployment(): Deployment {
  if (deployment) return deployment;
  const env = environment();
  const vercel = env.VERCEL === '1';
  const httpPort = Number(env.PORT) || undefined;
  deployment = {
    vercel,
    beyondLoopback: vercel || listensBeyondLoopback(commandLine(), env.HOSTNAME),
    production: env.NODE_ENV === 'production',
    ...(httpPort ? { httpPort } : {}),
  };
  return deployment;
}
