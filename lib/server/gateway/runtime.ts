import 'server-only';
import { configSecrets, type RunnelConfig } from '../config/schema';
import { getServerConfig } from '../config/server-config';
import { createCatalog, type Catalog } from '../providers/catalog';
import type { ResumeStores } from '../resume/find-answer';
import { createResumeStores } from '../resume/resume-stores';
import { redactSecrets } from '../security/redact';

/** The server's long-lived pieces, shared by every route. */
export interface Runtime {
  config: RunnelConfig;
  catalog: Catalog;
  secrets: string[];
  log: (fields: Record<string, unknown>) => void;
  /** Resumable answers: this instance's, and every instance's with Redis. */
  resume: ResumeStores;
}

let runtime: Runtime | undefined;

/** The server's long-lived pieces, built once per process from the validated configuration. */
export function getRuntime(): Runtime {
  if (runtime) return runtime;
  const config = getServerConfig();
  const secrets = configSecrets(config);
  runtime = {
    config,
    catalog: createCatalog(config, { fetch: globalThis.fetch, now: () => performance.now() }),
    secrets,
    resume: createResumeStores(config.resume),
    // One JSON line per request; redacted again here so no code path can log a key.
    log: (fields) =>
      console.info(
        redactSecrets(JSON.stringify({ at: new Date().toISOString(), ...fields }), secrets),
      ),
  };
  return runtime;
}
