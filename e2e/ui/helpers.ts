/**
 * Shared steps of the UI specs. Every test runs in its own browser context (own IndexedDB) and
 * finds its backend request by model + a nonce in its message, so files can run in parallel.
 */
import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { SCENARIO_URL } from '../../testing/stack/ports';

/** The views the conversation specs run in: a wide screen in light, a phone in dark. */
export const VIEWS = [
  { width: 1280, height: 860, scheme: 'light' },
  { width: 360, height: 760, scheme: 'dark' },
] as const;

/** A unique marker to put in a message and find the backend request by. */
export function nonce(): string {
  return `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Opens the app and waits until it is ready. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await waitReady(page);
}

/**
 * Waits until models are loaded and the page is interactive. Generous: on a loaded two-core CI
 * machine hydration alone can take several seconds.
 */
export async function waitReady(page: Page): Promise<void> {
  await expect(page.getByRole('combobox', { name: /^Model: / })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

/** Reloads the page and waits until it is ready again. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await waitReady(page);
}

/**
 * Waits until no animation or transition that ends is running on the page (a drawer sliding in, a
 * menu fading in), for a screenshot of where it ends. Endless ones (a caret, a spinner) are left.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Picks a model by id in the header picker. */
export async function pickModel(page: Page, id: string): Promise<void> {
  await page.getByRole('combobox', { name: /^Model: / }).click();
  await page.locator(`[role="option"][data-model-id="${id}"]`).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Where a chat UI is: the page itself, or the widget's frame. */
type ChatScope = Page | FrameLocator;

/**
 * Types a message and sends it with Enter, once Send is enabled (the page may still be resolving
 * the model on a busy machine; Enter does nothing until then).
 */
export async function send(scope: ChatScope, text: string): Promise<void> {
  await (await typeMessage(scope, text)).press('Enter');
}

/** Types `text` into the message box until it can be sent, and returns the box (Enter sends). */
export async function typeMessage(scope: ChatScope, text: string): Promise<Locator> {
  const box = scope.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await expect(scope.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  return box;
}

/** The last answer in the conversation log. */
export function lastAnswer(scope: ChatScope): Locator {
  return scope.getByRole('log').locator('article[data-role="assistant"]').last();
}

/** A request the scenario backend recorded. */
interface RecordedRequest {
  id: number;
  model: string | null;
  body: { messages?: { role: string; content: unknown }[]; prompt?: string } & Record<
    string,
    unknown
  >;
  outcome?: string;
  closedAt?: number;
}

/** Requests for `model` (upstream name, e.g. `slow`) whose body mentions `marker`. */
export async function backendRequests(model: string, marker: string): Promise<RecordedRequest[]> {
  const res = await fetch(`${SCENARIO_URL}/__control/requests?model=${encodeURIComponent(model)}`);
  const { requests } = (await res.json()) as { requests: RecordedRequest[] };
  return requests.filter((r) => JSON.stringify(r.body).includes(marker));
}

/**
 * Records every value the elements matching `selector` take — an attribute, or their text when
 * `attribute` is omitted — so a test can assert on states that pass faster than polling could see
 * them. A MutationObserver runs after every DOM change, so no committed state is missed.
 */
export async function recordValues(
  page: Page,
  selector: string,
  attribute?: string,
): Promise<void> {
  await page.evaluate(
    ([sel, attr]) => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      const check = () => {
        for (const el of document.querySelectorAll(sel!)) {
          const v = attr === undefined ? el.textContent : el.getAttribute(attr);
          if (v !== null && seen[seen.length - 1] !== v) seen.push(v);
        }
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    [selector, attribute] as const,
  );
}

/** The values recorded by `recordValues`. */
export function recorded(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

/**
 * What the page's IndexedDB holds in `db`'s `kv` store (the chat's persistence through idb-keyval),
 * by key — read directly, not through the app, so a test sees what a fresh load would find.
 */
export function storedEntries(
  scope: Page | Frame,
  db = 'runnel',
): Promise<Record<string, unknown>> {
  return scope.evaluate(async (name) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!database.objectStoreNames.contains('kv')) return {};
      const store = database.transaction('kv').objectStore('kv');
      const [keys, values] = await Promise.all(
        [store.getAllKeys(), store.getAll()].map(
          (query) =>
            new Promise<unknown[]>((resolve, reject) => {
              query.onsuccess = () => resolve(query.result as unknown[]);
              query.onerror = () => reject(query.error);
            }),
        ),
      );
      return Object.fromEntries(keys!.map((key, i) => [String(key), values![i]]));
    } finally {
      database.close();
    }
  }, db);
}

/**
 * Waits until the page's IndexedDB holds what `holds` looks for (in the JSON of the entries whose
 * key `keys` takes: the conversations' records unless said): saving is asynchronous and throttled,
 * and a reload in the same instant would race the write. The positive signal a test waits for
 * before reloading, instead of a fixed sleep. Not every record: a question typed is also in the
 * meta record, as the draft it was until the meta's next save, and finding it there says nothing
 * of the conversation's save (a reload then lost a turn still being saved).
 */
export async function waitForStored(
  page: Page,
  holds: string | RegExp,
  keys: (key: string) => boolean = (key) => key.startsWith('conversation:'),
): Promise<void> {
  await expect
    .poll(async () =>
      JSON.stringify(
        Object.fromEntries(Object.entries(await storedEntries(page)).filter(([key]) => keys(key))),
      ),
    )
    .toMatch(typeof holds === 'string' ? new RegExp(escapeRegExp(holds)) : holds);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
