/**
 * The search part of `npm run bench:render`: 5,000 stored conversations (~10 messages of ~400
 * characters each), the sidebar's search box, and the time from typing a query to its results on
 * screen — the first search (which reads every conversation once) and the ones after it.
 */
import type { Browser } from '@playwright/test';
import {
  manyConversations,
  seedConversations,
  type SeedConversation,
} from '../testing/browser/seed-conversations';
import { APP_URL } from '../testing/stack/ports';
import { fmt, newBenchContext } from './bench-render-lib';

const CONVERSATIONS = 5000;
/** The first search, then the ones measured against the target. */
const FIRST = 'zanzibar';
const LATER = ['spring zanzibar', 'quokka', 'quokka island', 'kernel', 'no such words anywhere'];

export interface SearchFigures {
  conversations: number;
  firstMs: number;
  laterMs: { query: string; ms: number; hits: number }[];
}

function seeds(): SeedConversation[] {
  const all = manyConversations(CONVERSATIONS, Date.now());
  all[3]!.title = 'Zanzibar packing list';
  all[4417]!.texts[7] += ' We could meet in Zanzibar next spring.';
  all.forEach((c, i) => {
    if (i % 7 === 0) c.texts[3] += ' A quokka smiled.';
    if (i % 21 === 0) c.texts[5] += ' Rottnest island.';
  });
  return all;
}

/** What the search returns for `query`: every word in the title or in some message. */
function expectedHits(all: SeedConversation[], query: string): number {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  return all.filter((c) => {
    const text = `${c.title}\n${c.texts.join('\n')}`.toLowerCase();
    return terms.every((t) => text.includes(t));
  }).length;
}

/** The status line the sidebar shows for `hits` results. */
function statusFor(hits: number): string {
  if (hits === 0) return 'No conversation matches.';
  return `${hits} ${hits === 1 ? 'conversation' : 'conversations'}`;
}

export async function measureSearch(browser: Browser): Promise<SearchFigures> {
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  const all = seeds();
  await page.goto(APP_URL);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await seedConversations(page, all);
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('link', { name: 'Seeded conversation 0', exact: true }).waitFor({
    timeout: 120_000,
  });
  await page.waitForTimeout(1500);
  const box = nav.getByRole('searchbox', { name: 'Search chats' });
  // From the input event to the first frame painted after the results' status line says the
  // expected count (checked in a task right after that frame).
  const timed = async (query: string): Promise<{ ms: number; hits: number }> => {
    const hits = expectedHits(all, query);
    await page.evaluate((want) => {
      const w = window as unknown as { __search?: number; __channel?: MessageChannel };
      delete w.__search;
      document.addEventListener(
        'input',
        (event) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('nav [role="status"]')?.textContent !== want) return;
            observer.disconnect();
            // Kept referenced: a port nothing points to can be collected with its messages.
            const channel = (w.__channel = new MessageChannel());
            channel.port1.onmessage = () => (w.__search = performance.now() - event.timeStamp);
            requestAnimationFrame(() => channel.port2.postMessage(null));
          });
          observer.observe(document.querySelector('nav')!, {
            childList: true,
            subtree: true,
            characterData: true,
          });
        },
        { capture: true, once: true },
      );
    }, statusFor(hits));
    await box.fill(query);
    await page.waitForFunction(
      () => (window as { __search?: number }).__search !== undefined,
      null,
      {
        polling: 100,
        timeout: 60_000,
      },
    );
    const ms = await page.evaluate(() => (window as unknown as { __search: number }).__search);
    return { ms, hits };
  };
  await box.focus();
  await page.waitForTimeout(1000);
  const firstMs = (await timed(FIRST)).ms;
  const laterMs: SearchFigures['laterMs'] = [];
  for (const query of LATER) laterMs.push({ query, ...(await timed(query)) });
  await context.close();
  return { conversations: CONVERSATIONS, firstMs, laterMs };
}

export function searchTargets(s: SearchFigures): { line: string; met: boolean }[] {
  const worst = Math.max(...s.laterMs.map((x) => x.ms));
  const each = s.laterMs.map((x) => `“${x.query}” ${fmt(x.ms)} ms (${x.hits})`).join(', ');
  return [
    {
      line: `search across ${fmt(s.conversations)} conversations, results ≤ 100 ms after the first search: ${worst <= 100 ? 'met' : 'NOT met'} — first search ${fmt(s.firstMs)} ms; then ${each}`,
      met: worst <= 100,
    },
  ];
}
