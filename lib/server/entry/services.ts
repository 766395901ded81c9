import 'server-only';
import { configSecrets, type RunnelConfig } from '../config/schema';
import { getServerConfig } from '../config/server-config';
import { getAuthConfig } from '../config/auth-config';
import { ConfigError } from '../config/config-error';
import { logChat, type ChatLogFields } from '../log/chat-log';
import { identityHasher } from '../log/identity-hash';
import { processLogger, type Logger } from '../log/logger';
import { createCatalog, type Catalog } from '../providers/catalog';
import { plainFetch } from '../http/plain-fetch';
import type { ResumeStores } from '../resume/find-answer';
import { createResumeStores } from '../resume/resume-stores';

/** The server's long-lived pieces, shared by every route. */
export interface Services {
  config: RunnelConfig;
  catalog: Catalog;
  secrets: string[];
  /** JSON lines on stdout (pino), at `LOG_LEVEL`, scrubbed of secrets as they are written. */
  logger: Logger;
  /** One line per chat request. */
  logChat: (fields: ChatLogFields) => void;
  /** A free-form `info` line (kept for callers that log plain fields). */
  log: (fields: Record<string, unknown>) => void;
  /** What a log line says about who asked: a keyed hash of the identity's key. */
  hashIdentity: (key: string) => string;
  /** Resumable answers: this instance's, and every instance's with Redis. */
  resume: ResumeStores;
  /** `AUTH_SECRET` when set (keys what must hold on every instance: provider session tags). */
  authSecret?: string;
}

let services: Services | undefined;

/** The server's long-lived pieces, built once per process from the validated configuration. */
export function getServices(): Services {
  if (services) return services;
  const config = getServerConfig();
  const secrets = configSecrets(config);
  const logger = processLogger(config.ops.logLevel, secrets);
  const secret = authSecret();
  services = {
    config,
    catalog: createCatalog(config, { fetch: plainFetch(), now: () => performance.now() }),
    secrets,
    logger,
    logChat: (fields) => logChat(logger, fields),
    log: (fields) => logger.info(fields),
    hashIdentity: identityHasher(secret),
    resume: createResumeStores(config.resume),
    ...(secret ? { authSecret: secret } : {}),
  };
  return services;
}

/** `AUTH_SECRET`, or none (also when the access configuration is broken: requests fail anyway). */
function authSecret(): string | undefined {
  try {
    return getAuthConfig().secret;
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
