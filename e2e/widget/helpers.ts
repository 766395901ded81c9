/**
 * Steps shared by the widget specs: a third-party host page (host-server.ts) that loads
 * `public/widget.js` from the app, on an allowed or a refused origin.
 */
import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { HOST_URL } from '../../testing/stack/host-ports';

// The chat inside the frame is the chat UI: its steps are the UI specs' own.
import { storedEntries } from '../ui/helpers';
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

/** Everything the host page received by postMessage (from the widget and anyone else), in order. */
export function hostReceived(page: Page): Promise<{ origin: string; data: unknown }[]> {
  return page.evaluate(
    () => (window as unknown as { hostReceived: { origin: string; data: unknown }[] }).hostReceived,
  );
}

/**
 * Waits until the chat in the frame has loaded what was stored: the composer shows its loading hint
 * from its first render until then, so a visible message box without the hint means hydrated.
 */
export async function waitHydrated(frame: FrameLocator): Promise<void> {
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(frame.getByText('Loading your conversations…')).toHaveCount(0);
}

/** Opens the widget and waits for the handshake. */
export async function openWidget(page: Page): Promise<FrameLocator> {
  await launcher(page).click();
  await expectEvent(page, 'ready');
  const frame = chatFrame(page);
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();
  return frame;
}

/** The chat frame (the `/embed` document inside the widget's iframe). */
export function embedFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/embed'));
  if (!frame) throw new Error('no chat frame');
  return frame;
}

/** What the widget keeps in its IndexedDB, as JSON text (for `toContain` checks). */
export async function widgetStorage(page: Page): Promise<string> {
  return JSON.stringify(await storedEntries(embedFrame(page), 'runnel-embed'));
}

/**
 * Waits until the chat frame's IndexedDB holds a finished answer next to `marker`: saving is
 * asynchronous, and a reload in the same instant would race the write.
 */
export async function waitForSaved(page: Page, marker: string): Promise<void> {
  await expect
    .poll(async () => {
      const text = await widgetStorage(page);
      return text.includes(marker) && text.includes('"complete"');
    })
    .toBe(true);
}
