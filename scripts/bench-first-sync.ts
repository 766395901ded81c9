/**
 * `npm run bench:first-sync`: a new device's first sync of a signed-in user's conversations, over
 * HTTP against the built app (`next start`, after `npm run build`), on the embedded SQLite file and
 * on a real PostgreSQL server this script starts. The browser's own sync code
 * (`lib/browser/sync/server-sync.ts`) runs here in Node with an in-memory local copy; every request
 * it makes is counted. Prints, for each database: the requests and the time until every
 * conversation is in the local copy (median of `BENCH_RUNS`, each a user of its own syncing into an
 * empty copy).
 *
 * `BENCH_SYNC_CONVERSATIONS` (500): how many conversations the user has (six messages each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Conversation } from '../lib/browser/chat/conversation';
import { mergeConversations } from '../lib/browser/chat/conversation-merge';
import { createMemoryBackend } from '../lib/browser/chat/kv-backend';
import { createMergedPersistence } from '../lib/browser/chat/merged-persistence';
import { createServerSync } from '../lib/browser/sync/server-sync';
import { createSyncApi } from '../lib/browser/sync/sync-api';
import { createLedgerStore } from '../lib/browser/sync/sync-ledger';
import { freePort } from '../testing/stack/free-port';
import { memoryStorage } from '../testing/unit/memory-storage';
import { startInstance } from '../testing/stack/instance';
import { startPostgresServer } from '../testing/stack/postgres-server';

const CONVERSATIONS = Number(process.env.BENCH_SYNC_CONVERSATIONS) || 500;
const RUNS = Number(process.env.BENCH_RUNS) || 3;
/** One user a run: each starts under the conversation routes' per-user rate (600 a minute). */
const codeOf = (run: number) => `bench-first-sync-code-${run}-0123456789`;

function conversation(i: number): Conversation {
  const at = 1_700_000_000_000 + i * 60_000;
  const messages = Array.from({ length: 6 }, (_, m) =>
    m % 2
      ? {
          id: `m${i}-${m}`,
          role: 'assistant' as const,
          model: 'bench',
          content: `An answer of some length, number ${m}, to conversation ${i}. `.repeat(8),
          reasoning: '',
          status: 'complete' as const,
          createdAt: at + m,
          timing: { sentAt: at + m },
        }
      : {
          id: `m${i}-${m}`,
          role: 'user' as const,
          content: `Question ${m} of ${i}`,
          createdAt: at + m,
        },
  );
  return {
    id: `c${i}`,
    title: `Conversation ${i}`,
    createdAt: at,
    updatedAt: at,
    model: 'bench',
    settings: { systemPrompt: '', temperature: null, maxTokens: null, reasoningEffort: null },
    messages,
  } as Conversation;
}

/** A page's fetch against `url`, signed in with `cookie`, counting what it asks. */
function countingFetch(url: string, cookie: string) {
  let count = 0;
  const fetchFn = ((input: string, init?: RequestInit) => {
    count++;
    return fetch(`${url}${input}`, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie, origin: url },
    });
  }) as typeof fetch;
  return { fetchFn, requests: () => count };
}

async function firstSync(url: string, cookie: string): Promise<{ requests: number; ms: number }> {
  const counter = countingFetch(url, cookie);
  const api = createSyncApi(counter.fetchFn);
  const merge = (a: Conversation, b: Conversation) => mergeConversations(a, b, Date.now());
  const local = createMergedPersistence(
    createMemoryBackend(),
    () => undefined,
    undefined,
    () => Promise.resolve(merge),
  );
  const storage = memoryStorage();
  const ledger = createLedgerStore(() => storage, 'bench', {
    id: 'bench',
    openTabs: async () => null,
  });
  // `read` is what the sync took before it read in batches: kept so the same script measures both.
  const deps = {
    api,
    local,
    channel: null,
    ledger,
    merge,
    write: api.put,
    read: api.get,
    readMany: api.getMany,
  };
  const sync = createServerSync(deps);
  const started = performance.now();
  await sync.pull();
  const ms = performance.now() - started;
  const held = (await local.load()).conversations.length;
  if (held !== CONVERSATIONS)
    throw new Error(
      `the sync brought ${held} of ${CONVERSATIONS} (${counter.requests()} requests, ledger ${JSON.stringify(ledger.get()).slice(0, 300)})`,
    );
  return { requests: counter.requests(), ms };
}

/** Signs in with `code` and gives that user the conversations; returns the session cookie. */
async function seededUser(url: string, code: string): Promise<string> {
  const signIn = await fetch(`${url}/auth/access-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ code, next: '/' }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  for (let i = 0; i < CONVERSATIONS; i += 100) {
    const batch = Array.from({ length: Math.min(100, CONVERSATIONS - i) }, (_, k) =>
      conversation(i + k),
    );
    const res = await fetch(`${url}/api/conversations/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ conversations: batch }),
    });
    if (!res.ok) throw new Error(`import failed: ${res.status}`);
  }
  return cookie;
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startInstance(
    {
      AUTH_SECRET: 'bench-first-sync-secret-0123456789-abcdef',
      ACCESS_CODES: Array.from({ length: RUNS }, (_, r) => `bench${r}:${codeOf(r)}`).join(','),
      PUBLIC_URL: url,
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    },
    port,
  );
  try {
    const runs: { requests: number; ms: number }[] = [];
    for (let r = 0; r < RUNS; r++) {
      const cookie = await seededUser(url, codeOf(r));
      runs.push(await firstSync(url, cookie));
    }
    runs.sort((a, b) => a.ms - b.ms);
    const median = runs[Math.floor(runs.length / 2)]!;
    console.log(
      `${label}: first sync of ${CONVERSATIONS} conversations — ${median.requests} requests, ${median.ms.toFixed(0)} ms (median of ${RUNS}; all: ${runs.map((x) => x.ms.toFixed(0)).join(', ')} ms)`,
    );
  } finally {
    await app.stop();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'runnel-first-sync-'));
try {
  await measure('SQLite', { DATA_DIR: dir });
  const postgres = await startPostgresServer();
  try {
    await measure('PostgreSQL', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
