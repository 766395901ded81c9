import { vi } from 'vitest';

/** Every variable Runnel reads that a developer's shell might set: cleared for each route test. */
const READ = [
  'OPENAI_BASE_URL',
  'OPENAI_BASE_URLS',
  'OPENAI_API_KEY',
  'PROVIDER_PRESET',
  'PROVIDERS_FILE',
  'MODELS',
  'DEFAULT_MODEL',
  'MAX_REQUEST_BYTES',
  'EMBED_MAX_REQUEST_BYTES',
  'EMBED_ALLOW_TOOLS',
  'IMAGE_URL_ALLOWED_HOSTS',
  'EMBED_ALLOWED_ORIGINS',
  'EMBED_MODELS',
  'AUTH_SECRET',
  'ACCESS_CODES',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_ALLOWED_EMAILS',
  'OIDC_ALLOW_UNVERIFIED_EMAIL',
  'AUTH_PROXY_HEADER',
  'AUTH_PROXY_TRUSTED_IPS',
  'FORWARDED_ALLOW_IPS',
  'PUBLIC_URL',
  'RATE_LIMIT_RPM',
  'RATE_LIMIT_CONCURRENT',
  'RATE_LIMIT_TOKENS_PER_DAY',
  'EMBED_RATE_LIMIT_RPM',
  'EMBED_RATE_LIMIT_CONCURRENT',
  'EMBED_RATE_LIMIT_TOKENS_PER_DAY',
  'EMBED_RATE_LIMIT_HOST_RPM',
  'MAX_CONCURRENT_STREAMS',
  'REDIS_URL',
  'METRICS_TOKEN',
  'BENCH_RAW_PIPE',
  'LOG_LEVEL',
  'VERCEL',
];

/**
 * A route module as a fresh server process would load it with `env` (configuration is read once per
 * process): the environment is cleared of everything else Runnel reads, and the module graph is
 * reloaded. Restore with `vi.unstubAllEnvs()`.
 */
export async function loadRoute<T>(
  load: () => Promise<T>,
  env: Record<string, string>,
): Promise<T> {
  for (const name of READ) vi.stubEnv(name, undefined);
  vi.stubEnv('LOG_LEVEL', 'silent');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return load();
}

/** A POST whose body streams `chunks` (no Content-Length), counting what the server pulled. */
export function streamedPost(
  url: string,
  chunks: Uint8Array[],
  headers: Record<string, string> = {},
): { request: Request; pulled: () => number } {
  let next = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[next++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
      // Nothing is pulled until the server reads: `pulled` then says whether it did.
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => next };
}

/** `text` cut into `size`-byte chunks. */
export function chunked(text: string, size = 64 * 1024): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

/**
 * The longest the event loop went without running a timer while `work` ran: a loop held by
 * synchronous work shows as a long gap.
 */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  try {
    await work();
    await new Promise((r) => setTimeout(r, 5));
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}
