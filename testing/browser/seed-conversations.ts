/**
 * Puts conversations straight into the app's IndexedDB (the `runnel` database idb-keyval opens),
 * for specs and benchmarks that need many of them, long ones or a given date; the page is reloaded
 * afterwards to read them.
 */
import type { Page } from '@playwright/test';

/** What a seeded conversation needs; messages alternate user / assistant. */
export interface SeedConversation {
  id: string;
  title: string;
  updatedAt: number;
  texts: string[];
  pinned?: boolean;
}

/** The stored form of a seed (as the app itself saves conversations). */
function record(c: SeedConversation) {
  return {
    id: c.id,
    title: c.title,
    createdAt: c.updatedAt - 1000,
    updatedAt: c.updatedAt,
    model: 'vllm:chat',
    settings: { systemPrompt: '', temperature: null, maxTokens: null, reasoningEffort: null },
    ...(c.pinned ? { pinned: true } : {}),
    messages: c.texts.map((content, i) =>
      i % 2 === 0
        ? { id: `${c.id}-m${i}`, role: 'user', content, createdAt: c.updatedAt - 1000 + i }
        : {
            id: `${c.id}-m${i}`,
            role: 'assistant',
            model: 'vllm:chat',
            content,
            reasoning: '',
            status: 'complete',
            createdAt: c.updatedAt - 1000 + i,
            timing: { sentAt: c.updatedAt - 1000 + i },
          },
    ),
  };
}

/** Records per `page.evaluate`: thousands of conversations in one call would be one huge message. */
const BATCH = 500;

/** Writes the conversations into the open page's database (the app must have opened it once). */
export async function seedConversations(page: Page, conversations: SeedConversation[]) {
  for (let i = 0; i < conversations.length; i += BATCH) {
    await page.evaluate(
      async (records) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('runnel');
          open.onupgradeneeded = () => open.result.createObjectStore('kv');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('kv', 'readwrite');
          for (const r of records) tx.objectStore('kv').put(r, `conversation:${r.id}`);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      conversations.slice(i, i + BATCH).map(record),
    );
  }
}

const WORDS =
  'stream token model answer backend latency vector cache prompt reply server browser queue kernel batch tensor layer'.split(
    ' ',
  );

/** `n` conversations with ~10 messages of ~400 characters each, newest first, a minute apart. */
export function manyConversations(n: number, now: number): SeedConversation[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `seed-${i}`,
    title: `Seeded conversation ${i}`,
    updatedAt: now - i * 60_000,
    texts: Array.from({ length: 10 }, (_, j) =>
      Array.from({ length: 60 }, (_, k) => WORDS[(i * 7 + j * 3 + k) % WORDS.length]).join(' '),
    ),
  }));
}
