import { expect, test } from '@playwright/test';
import type { Frame } from '@playwright/test';
import { APP_URL, DOWN_APP_URL } from '../../testing/stack/ports';
import {
  chatFrame,
  chatIframe,
  embedFrame,
  expectEvent,
  hostReceived,
  lastAnswer,
  launcher,
  nonce,
  openHost,
  openWidget,
  send,
  widgetEvents,
} from './helpers';
import { HOST_URL, REFUSED_HOST_URL } from '../../testing/stack/host-ports';

const envelope = { protocol: 'runnel-embed', version: 1 };
const APP_ORIGIN = new URL(APP_URL).origin;
const FOREIGN_ORIGINS = [HOST_URL, REFUSED_HOST_URL].sort();

/** The `frame-ancestors` directive of a response's Content-Security-Policy (the app sends more). */
function frameAncestors(headers: Record<string, string>): string | undefined {
  return headers['content-security-policy']
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors '));
}

/** What a foreign frame (host-pages.ts) has received. */
function received(foreign: Frame): Promise<{ origin: string; data: unknown }[]> {
  return foreign.evaluate(
    () => (window as unknown as { received: { origin: string; data: unknown }[] }).received,
  );
}

test('a host origin not in the allowlist gets no chat: the browser refuses the frame', async ({
  page,
}) => {
  const embed = page.waitForResponse((r) => new URL(r.url()).pathname === '/embed');
  await openHost(page, {}, { origin: REFUSED_HOST_URL });
  await launcher(page).click();
  // The app answered with a frame-ancestors that does not name this origin...
  expect(frameAncestors((await embed).headers())).toBe(`frame-ancestors ${HOST_URL}`);
  // ...so Chromium replaced the document with its error page: no app, no handshake.
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://')))
    .toBe(true);
  // The error page has loaded in the widget's frame: that document is final, no app can start in it.
  const refused = page.frames().find((f) => f.url().startsWith('chrome-error://'))!;
  await refused.waitForLoadState('load');
  await expect(chatFrame(page).getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  expect((await widgetEvents(page)).map(([name]) => name)).toEqual(['open']);
});

test('messages from foreign frames arrive, change nothing, and the widget sends them nothing', async ({
  page,
}) => {
  await openHost(page, { 'data-theme': 'light' }, { foreign: true });
  const frame = await openWidget(page);
  const chat = embedFrame(page);
  // A third party on another origin, and a frame of the host's own origin that is not the parent.
  const foreigners = page.frames().filter((f) => f.url().endsWith('/foreign'));
  expect(foreigners.map((f) => new URL(f.url()).origin).sort()).toEqual(FOREIGN_ORIGINS);
  const html = frame.locator('html');
  await expect(html).not.toHaveClass(/dark/);

  // The widget's iframe sits in a shadow root, which `parent.frames` does not list: hand each
  // foreign frame a reference to the widget's window by posting to it from there (the test does
  // this, not the app), and note in the widget's document every message that arrives and every
  // class its root element takes.
  await chat.evaluate(() => {
    const w = window as unknown as {
      arrived: { origin: string; data: unknown }[];
      classes: string[];
    };
    w.arrived = [];
    w.classes = [];
    const root = document.documentElement;
    new MutationObserver(() => w.classes.push(root.className)).observe(root, {
      attributes: true,
      attributeFilter: ['class'],
    });
    addEventListener('message', (e) => w.arrived.push({ origin: e.origin, data: e.data }));
    for (let i = 0; i < parent.frames.length; i++) parent.frames[i]!.postMessage('reference', '*');
  });
  for (const foreign of foreigners) {
    await expect.poll(() => received(foreign)).toHaveLength(1);
  }

  // Each posts well-formed protocol messages to the widget, and impersonates it to the host page.
  for (const foreign of foreigners) {
    await foreign.evaluate((env) => {
      const w = window as unknown as { attack(m: unknown): number };
      w.attack({ ...env, type: 'hello' });
      w.attack({ ...env, type: 'theme', theme: 'dark' });
      w.attack({ ...env, type: 'close' });
      parent.postMessage({ ...env, type: 'close' }, '*');
      parent.postMessage({ ...env, type: 'unread', count: 5 }, '*');
      parent.postMessage({ ...env, type: 'resize', expanded: true }, '*');
    }, envelope);
  }

  // They arrived: the widget's document got the dark theme from both, the host page the fake
  // close, unread and resize from both...
  await expect
    .poll(async () =>
      (
        await chat.evaluate(
          () => (window as unknown as { arrived: { origin: string; data: unknown }[] }).arrived,
        )
      )
        .filter((m) => (m.data as { theme?: string } | null)?.theme === 'dark')
        .map((m) => m.origin)
        .sort(),
    )
    .toEqual(FOREIGN_ORIGINS);
  await expect
    .poll(async () =>
      (await hostReceived(page))
        .filter((m) => FOREIGN_ORIGINS.includes(m.origin))
        .map((m) => `${m.origin} ${(m.data as { type: string }).type}`)
        .sort(),
    )
    .toEqual(FOREIGN_ORIGINS.flatMap((o) => [`${o} close`, `${o} resize`, `${o} unread`]).sort());
  // ...and were ignored (the app's own listeners ran before the recorders). The signal that the
  // widget has dealt with them: the same theme message from the real host, sent after them and
  // handled by the same listener, does apply — and the root turned dark only after it was sent.
  const classesBefore = await chat.evaluate(
    () => (window as unknown as { classes: string[] }).classes.length,
  );
  await page.evaluate(() => window.Runnel?.setTheme('dark'));
  await expect(html).toHaveClass(/dark/);
  const classes = await chat.evaluate(() => (window as unknown as { classes: string[] }).classes);
  expect(classes.slice(0, classesBefore).filter((c) => /\bdark\b/.test(c))).toEqual([]);
  await expect(chatIframe(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(launcher(page)).toHaveAccessibleName('Open chat');
  expect((await widgetEvents(page)).map(([name]) => name)).toEqual(['open', 'ready']);
  // The only message from the app's origin either foreign frame got is the test's own reference
  // (each also got the other's attack: they are siblings).
  for (const foreign of foreigners) {
    const fromApp = (await received(foreign)).filter((m) => m.origin === APP_ORIGIN);
    expect(fromApp).toEqual([{ origin: APP_ORIGIN, data: 'reference' }]);
  }
});

test('framing headers: /embed names the allowlist, every other page refuses framing', async ({
  request,
}) => {
  const embed = await request.get(`${APP_URL}/embed`);
  expect(frameAncestors(embed.headers())).toBe(`frame-ancestors ${HOST_URL}`);
  expect(embed.headers()['x-frame-options']).toBeUndefined();

  const home = await request.get(`${APP_URL}/`);
  expect(frameAncestors(home.headers())).toBe("frame-ancestors 'none'");
  expect(home.headers()['x-frame-options']).toBe('DENY');

  // The app started without EMBED_ALLOWED_ORIGINS refuses embedding altogether.
  const unset = await request.get(`${DOWN_APP_URL}/embed`);
  expect(frameAncestors(unset.headers())).toBe("frame-ancestors 'none'");
  expect(unset.headers()['x-frame-options']).toBe('DENY');
});

test('the host page hears how an answer ended, never what was asked or answered', async ({
  page,
}) => {
  await openHost(page, { 'data-model': 'vllm:chat' });
  const frame = await openWidget(page);
  const marker = nonce();
  await send(frame, `Private question ${marker}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
  const answer = (await lastAnswer(frame).locator('.markdown').textContent()) ?? '';
  expect(answer).toContain('Café crème brûlée');

  // Everything the widget posted to the page, as it was on the wire, once the answer's end is in.
  const fromWidget = async () =>
    (await hostReceived(page)).filter((m) => m.origin === APP_ORIGIN).map((m) => m.data);
  await expect
    .poll(async () => (await fromWidget()).map((d) => (d as { type: string }).type))
    .toContain('answer');
  const wire = JSON.stringify(await fromWidget());
  for (const word of [marker, ...answer.split(/\s+/).filter((w) => w.length >= 4)]) {
    expect(wire).not.toContain(word);
  }
  // And what the loader passed on to the page's listeners.
  await expectEvent(page, 'answer', { outcome: 'complete' });
  expect(await widgetEvents(page)).toEqual([
    ['open'],
    ['ready'],
    ['answer', { outcome: 'complete' }],
  ]);
});

test('opened as a page of its own, /embed shows its own words, not those its address brings', async ({
  page,
}) => {
  // A crafted link would otherwise put anyone's words on this origin, under its name.
  const words = new URLSearchParams({
    title: 'Security check',
    greeting: 'Your session expired: type your password below.',
    placeholder: 'Password',
  });
  await page.goto(`${APP_URL}/embed?${words}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'Type a message…',
  );
  await expect(page).toHaveTitle('Chat');
  await expect(page.getByText('Security check')).toHaveCount(0);
  await expect(page.getByText('Your session expired')).toHaveCount(0);
});
