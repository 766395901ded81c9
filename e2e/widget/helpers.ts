/**
 * Steps shared by the widget specs: a third-party host page (host-server.ts) that loads
 * `public/widget.js` from the app, on an allowed or a refused origin.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { HOST_URL } from '../../testing/stack/host-ports';

// The chat inside the frame is the chat UI: its steps are the UI specs' own.
export { backendRequests, lastAnswer, nonce, send } from '../ui/helpers';

type WidgetEvent = [string] | [string, unknown];

/** Opens the host page; `attrs` become the loader's `data-` attributes. */
export async function openHost(
  page: Page,
  attrs: Record<string, string> = {},
  { origin = HOST_URL, foreign = false }: { origin?: string; foreign?: boolean } = {},
): Promise<void> {
  const query = new URLSearchParams(attrs);
  if (foreign) query.set('foreign', '1');
  await page.goto(`${origin}/?${query}`);
  await expect(launcher(page)).toBeVisible();
}

/** The widget's launcher button (in its shadow root; Playwright's locators pierce open ones). */
export function launcher(page: Page): Locator {
  return page.getByRole('button', { name: /^Open chat/ });
}

/** The chat iframe element. */
export function chatIframe(page: Page): Locator {
  return page.locator('iframe[title="Chat"]');
}

/** Inside the chat iframe. */
export function chatFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Chat"]');
}

/** Everything `Runnel.on` reported to the host page, in order. */
export function widgetEvents(page: Page): Promise<WidgetEvent[]> {
  return page.evaluate(() => (window as unknown as { widgetEvents: WidgetEvent[] }).widgetEvents);
}

/** Waits until the host page received `event` (with `payload`, when given). */
export async function expectEvent(page: Page, event: string, payload?: unknown): Promise<void> {
  await expect
    .poll(async () =>
      (await widgetEvents(page)).some(
        ([name, p]) =>
          name === event &&
          (payload === undefined || JSON.stringify(p) === JSON.stringify(payload)),
      ),
    )
    .toBe(true);
}

/** Opens the widget and waits for the handshake. */
export async function openWidget(page: Page): Promise<FrameLocator> {
  await launcher(page).click();
  await expectEvent(page, 'ready');
  const frame = chatFrame(page);
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();
  return frame;
}

/**
 * Waits until the chat frame's IndexedDB holds a finished answer next to `marker`: saving is
 * asynchronous, and a reload in the same instant would race the write.
 */
export async function waitForSaved(page: Page, marker: string): Promise<void> {
  const frame = page.frames().find((f) => f.url().includes('/embed'));
  if (!frame) throw new Error('no chat frame');
  await expect
    .poll(() =>
      frame.evaluate(
        async ({ db: name, marker: m }) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          try {
            if (!db.objectStoreNames.contains('kv')) return false;
            const all = await new Promise<unknown[]>((resolve, reject) => {
              const query = db.transaction('kv').objectStore('kv').getAll();
              query.onsuccess = () => resolve(query.result);
              query.onerror = () => reject(query.error);
            });
            const text = JSON.stringify(all);
            return text.includes(m) && text.includes('"complete"');
          } finally {
            db.close();
          }
        },
        { db: 'runnel-embed', marker },
      ),
    )
    .toBe(true);
}
