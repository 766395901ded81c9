/**
 * `npm run bench:conversations`: the conversations database with one user holding 10,000
 * conversations (and another user's beside them), on the embedded SQLite file and on a real
 * PostgreSQL server this script starts (Debian's binaries, a throwaway cluster). Prints, for each:
 * the list's first page and a search (p50/p95 over many runs; the target is p95 ≤ 100 ms), and what
 * storing an answer costs — the time recording its last event takes on the answer's path (the
 * target is ≤ 1 ms: the database write itself runs after the readers have the end) and the write's
 * own duration.
 *
 * Run with the react-server condition (`npm run bench:conversations` does): the modules are
 * server-only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../lib/server/database/connect';
import type { AnswerRow, Tables } from '../lib/server/database/tables';
import { createAnswerRecorder } from '../lib/server/conversations/answer-recorder';
import { writeAnswer } from '../lib/server/conversations/answer-writer';
import { searchText, type ConversationDoc } from '../lib/server/conversations/conversation-doc';
import { conversationStore } from '../lib/server/conversations/conversation-store';
import { startPostgresServer } from '../testing/stack/postgres-server';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS) || 10_000;
const RUNS = Number(process.env.BENCH_RUNS) || 200;
const USER = 'code:bench';

const WORDS = (
  'tide moon orbit gravity ocean harbour lighthouse kelp estuary current salinity plankton reef ' +
  'compiler parser token lexer grammar syntax closure monad functor stream socket buffer kernel ' +
  'recipe flour yeast oven crust dough butter sugar whisk simmer roast garlic basil pepper lemon'
).split(' ');

/** Deterministic text: a run measures the same data every time. */
function words(seed: number, count: number): string {
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out.join(' ');
}

function conversation(i: number): ConversationDoc {
  const at = 1_700_000_000_000 + i * 60_000;
  const messages = Array.from({ length: 6 }, (_, m) => ({
    id: `m${i}-${m}`,
    role: (m % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
    content: `${words(i * 7 + m, m % 2 ? 60 : 15)} #${i}-${m}`,
    createdAt: at + m,
  }));
  return { id: `c${i}`, title: words(i, 5), createdAt: at, updatedAt: at, messages };
}

async function seed(db: Kysely<Tables>, user: string, count: number): Promise<void> {
  const BATCH = 200;
  for (let i = 0; i < count; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => {
      const doc = conversation(i + k);
      return {
        user_key: user,
        id: doc.id,
        title: doc.title,
        pinned: 0,
        created_at: doc.createdAt,
        updated_at: doc.updatedAt,
        revision: 1,
        changed_at: doc.updatedAt,
        deleted: 0,
        search: searchText(doc),
      };
    });
    await db.insertInto('conversations').values(rows).execute();
    const docs = rows.map((r) => ({
      user_key: user,
      id: r.id,
      doc: JSON.stringify(conversation(Number(r.id.slice(1)))),
    }));
    await db.insertInto('conversation_docs').values(docs).execute();
  }
}

async function timeRuns(runs: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (sorted: number[]) =>
  `p50 ${pct(sorted, 50).toFixed(2)} ms, p95 ${pct(sorted, 95).toFixed(2)} ms`;

async function bench(name: string, db: Kysely<Tables>): Promise<boolean> {
  await migrateToLatest(db);
  const seeded = performance.now();
  await seed(db, USER, CONVERSATIONS);
  await seed(db, 'code:neighbour', CONVERSATIONS / 5);
  // What a live database has done by itself long before (autovacuum's, or SQLite's optimize).
  await sql`analyze`.execute(db);
  console.log(
    `${name}: ${CONVERSATIONS} conversations seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const store = conversationStore(db, USER);
  await timeRuns(20, () => store.list({ limit: 50 }));
  const list = await timeRuns(RUNS, () => store.list({ limit: 50 }));
  const queries = ['lighthouse', 'monad roast', '#4242-3', 'nothing-matches-this', 'kelp'];
  const perQuery: string[] = [];
  const search: number[] = [];
  for (const query of queries) {
    const times = await timeRuns(RUNS / queries.length, () => store.list({ limit: 50, query }));
    perQuery.push(`"${query}" p95 ${pct(times, 95).toFixed(1)}`);
    search.push(...times);
  }
  search.sort((a, b) => a - b);
  let seq = 0;
  const row = (i: number): AnswerRow => ({
    user_key: USER,
    conversation_id: `c${i % CONVERSATIONS}`,
    message_id: `m${i % CONVERSATIONS}-5`,
    model: 'bench',
    content: words(i, 400),
    reasoning: '',
    status: 'complete',
    usage: '{"total_tokens":600}',
    finish_reason: 'stop',
    error: null,
    last_seq: 0,
    updated_at: Date.now(),
  });
  const writes = await timeRuns(RUNS, (i) => writeAnswer(db, row(i)));
  // What recording adds to the answer's end: handing the recorder the last event (the write it
  // starts runs after, off the answer's path).
  const ends: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let written: Promise<void> = Promise.resolve();
    const recorder = createAnswerRecorder((r) => (written = writeAnswer(db, r)), {
      user: USER,
      conversationId: `c${i}`,
      messageId: `m${i}-5`,
      model: 'bench',
      checkpointMs: 3000,
      finishUnread: true,
    });
    recorder.onEntries([
      {
        seq: ++seq,
        data: JSON.stringify({ type: 'content', text: words(i, 400) }),
        terminal: false,
      },
    ]);
    await written;
    const started = performance.now();
    recorder.onEntries([{ seq: ++seq, data: '{"type":"done"}', terminal: true }]);
    ends.push(performance.now() - started);
    await written;
  }
  ends.sort((a, b) => a - b);
  const ok = pct(list, 95) <= 100 && pct(search, 95) <= 100 && pct(ends, 95) <= 1;
  console.log(`  list, first page (50):   ${fmt(list)}`);
  console.log(`  search (5 queries):      ${fmt(search)}  (${perQuery.join(', ')})`);
  console.log(`  answer end, on its path: ${fmt(ends)}`);
  console.log(`  answer write (database): ${fmt(writes)}`);
  console.log(
    `  ${ok ? 'within' : 'OVER'} the targets (p95 ≤ 100 ms for list and search, ≤ 1 ms at the end)`,
  );
  return ok;
}

const dir = mkdtempSync(path.join(tmpdir(), 'runnel-bench-'));
const results: boolean[] = [];
const sqlite = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
try {
  results.push(await bench('SQLite', sqlite));
} finally {
  await sqlite.destroy();
  rmSync(dir, { recursive: true, force: true });
}
const server = await startPostgresServer();
const postgres = await openDatabase({ kind: 'postgres', url: server.url });
try {
  results.push(await bench('PostgreSQL', postgres));
} finally {
  await postgres.destroy();
  await server.stop();
}
process.exitCode = results.every(Boolean) ? 0 : 1;
