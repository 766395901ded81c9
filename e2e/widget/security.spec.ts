import { expect, test } from '@playwright/test';
import { APP_URL, DOWN_APP_URL } from '../../testing/stack/ports';
import {
  chatFrame,
  chatIframe,
  expectEvent,
  launcher,
  openHost,
  openWidget,
  widgetEvents,
} from './helpers';
import { HOST_URL, REFUSED_HOST_URL } from '../../testing/stack/host-ports';

const envelope = { protocol: 'runnel-embed', version: 1 };

/** The frame-ancestors directive of a response's Content-Security-Policy (which also holds the page's script policy). */
function framing(headers: Record<string, string>): string | undefined {
  return headers['content-security-policy']
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));
}

test('a host origin not in the allowlist gets no chat: the browser refuses the frame', async ({
  page,
}) => {
  const embed = page.waitForResponse((r) => new URL(r.url()).pathname === '/embed');
  await openHost(page, {}, { origin: REFUSED_HOST_URL });
  await launcher(page).click();
  // The app answered with a frame-ancestors that does not name this origin...
  expect(framing((await embed).headers())).toBe(`frame-ancestors ${HOST_URL}`);
  // ...so Chromium replaced the document with its error page: no app, no handshake.
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://')))
    .toBe(true);
  await page.waitForTimeout(1_500);
  await expect(chatFrame(page).getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  expect((await widgetEvents(page)).map(([name]) => name)).toEqual(['open']);
});

test('messages from a foreign frame change nothing, and the widget sends it nothing', async ({
  page,
}) => {
  await openHost(page, { 'data-theme': 'light' }, { foreign: true });
  const frame = await openWidget(page);
  const foreign = page.frame({ url: /\/foreign$/ })!;
  const html = frame.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  // A sibling frame (another origin on the same page) posts well-formed protocol messages to the
  // widget's iframe, and impersonates the iframe towards the host page.
  await foreign.evaluate((env) => {
    const w = window as unknown as { attack(m: unknown): void };
    w.attack({ ...env, type: 'hello' });
    w.attack({ ...env, type: 'theme', theme: 'dark' });
    w.attack({ ...env, type: 'close' });
    parent.postMessage({ ...env, type: 'close' }, '*');
    parent.postMessage({ ...env, type: 'unread', count: 5 }, '*');
    parent.postMessage({ ...env, type: 'resize', expanded: true }, '*');
  }, envelope);
  await page.waitForTimeout(1_000);

  await expect(html).not.toHaveClass(/dark/);
  await expect(chatIframe(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(launcher(page)).toHaveAccessibleName('Open chat');
  expect((await widgetEvents(page)).map(([name]) => name)).toEqual(['open', 'ready']);
  expect(
    await foreign.evaluate(() => (window as unknown as { received: unknown[] }).received),
  ).toEqual([]);

  // The same theme message from the real host does apply (so the check above means something).
  await page.evaluate(() => window.Runnel?.setTheme('dark'));
  await expect(html).toHaveClass(/dark/);
});

test('framing headers: /embed names the allowlist, every other page refuses framing', async ({
  request,
}) => {
  const embed = await request.get(`${APP_URL}/embed`);
  expect(framing(embed.headers())).toBe(`frame-ancestors ${HOST_URL}`);
  expect(embed.headers()['x-frame-options']).toBeUndefined();

  const home = await request.get(`${APP_URL}/`);
  expect(framing(home.headers())).toBe("frame-ancestors 'none'");
  expect(home.headers()['x-frame-options']).toBe('DENY');

  // The app started without EMBED_ALLOWED_ORIGINS refuses embedding altogether.
  const unset = await request.get(`${DOWN_APP_URL}/embed`);
  expect(framing(unset.headers())).toBe("frame-ancestors 'none'");
  expect(unset.headers()['x-frame-options']).toBe('DENY');
});

test('the loader is served to any page, and the widget events carry no content', async ({
  page,
}) => {
  await openHost(page, { 'data-model': 'vllm:chat' });
  await openWidget(page);
  await expectEvent(page, 'ready');
  for (const [, payload] of await widgetEvents(page)) {
    expect(JSON.stringify(payload ?? null)).not.toMatch(/<|https?:/);
  }
});
