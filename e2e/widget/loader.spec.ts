import { expect, test } from '@playwright/test';
import {
  chatFrame,
  chatIframe,
  expectEvent,
  launcher,
  openHost,
  openWidget,
  widgetEvents,
} from './helpers';
import { HOST_URL } from '../../testing/stack/host-ports';

test('Escape closes the widget and returns focus to the launcher', async ({ page }) => {
  await openHost(page);
  const frame = await openWidget(page);
  const box = frame.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();

  // Escape inside the iframe (the page asks the loader to close).
  await page.keyboard.press('Escape');
  await expect(chatIframe(page)).toBeHidden();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(launcher(page)).toBeFocused();

  // Reopening keeps the same iframe; Escape on the launcher closes too.
  await page.keyboard.press('Enter');
  await expect(chatIframe(page)).toBeVisible();
  await expect(chatIframe(page)).toHaveCount(1);
  await expect(box).toBeFocused();
  await launcher(page).focus();
  await page.keyboard.press('Escape');
  await expect(chatIframe(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  expect((await widgetEvents(page)).map(([name]) => name)).toEqual([
    'open',
    'ready',
    'close',
    'open',
    'close',
  ]);
});

test('the close button inside the widget closes it too', async ({ page }) => {
  await openHost(page);
  const frame = await openWidget(page);
  await frame.getByRole('button', { name: 'Close chat' }).click();
  await expect(chatIframe(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test('the widget neither changes the host page’s styles nor inherits them', async ({ page }) => {
  const snapshot = () =>
    page.evaluate(() => {
      const pick = (el: Element) => {
        const s = getComputedStyle(el);
        return [
          s.fontFamily,
          s.color,
          s.backgroundColor,
          s.margin,
          s.padding,
          s.overflow,
          s.letterSpacing,
          s.width,
          s.border,
        ].join('|');
      };
      return {
        html: document.documentElement.getAttribute('style'),
        body: document.body.getAttribute('style'),
        computed: ['html', 'body', '#host-text', '#host-button', 'h1'].map((sel) =>
          pick(document.querySelector(sel)!),
        ),
        sheets: document.styleSheets.length,
        elements: [...document.body.querySelectorAll('*')]
          .map((el) => el.tagName.toLowerCase())
          .filter((t) => t !== 'script'),
      };
    });
  // The same page without the widget, then with it, opened.
  await page.goto(`${HOST_URL}/?nowidget`);
  const without = await snapshot();
  await openHost(page, { 'data-accent': '#0f766e' });
  await openWidget(page);
  const withWidget = await snapshot();
  expect(withWidget).toEqual({ ...without, elements: [...without.elements, 'runnel-widget'] });

  // The host's `button { background: red !important }` and `iframe { border: 8px … }` stay outside.
  const styles = await page.evaluate(() => {
    const root = document.querySelector('runnel-widget')!.shadowRoot!;
    const button = getComputedStyle(root.querySelector('button')!);
    const iframe = getComputedStyle(root.querySelector('iframe')!);
    return {
      background: button.backgroundColor,
      width: button.width,
      border: iframe.borderTopWidth,
    };
  });
  expect(styles).toEqual({ background: 'rgb(15, 118, 110)', width: '56px', border: '0px' });
});

test('on a narrow screen the widget takes the whole viewport', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await openHost(page);
  const frame = await openWidget(page);
  await expect(chatIframe(page)).toBeVisible();
  expect(await chatIframe(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 700 });
  // The panel covers the launcher; the widget's own close button brings it back.
  await frame.getByRole('button', { name: 'Close chat' }).click();
  await expect(launcher(page)).toBeVisible();
  await expect(launcher(page)).toBeFocused();
});

test('the larger panel on request, and the JS API: toggle, on/off, data-open', async ({ page }) => {
  await openHost(page, { 'data-open': 'true', 'data-position': 'left' });
  // data-open: open without a click.
  await expect(chatIframe(page)).toBeVisible();
  await expectEvent(page, 'ready');
  const frame = chatFrame(page);
  const compact = (await chatIframe(page).boundingBox())!;
  expect(compact.x).toBeLessThan(100);
  await frame.getByRole('button', { name: 'Make the chat larger' }).click();
  await expect
    .poll(async () => (await chatIframe(page).boundingBox())!.width)
    .toBeGreaterThan(compact.width + 100);
  await frame.getByRole('button', { name: 'Make the chat smaller' }).click();
  await expect.poll(async () => (await chatIframe(page).boundingBox())!.width).toBe(compact.width);

  const calls = await page.evaluate(() => {
    const seen: string[] = [];
    const off = window.Runnel!.on('close', () => seen.push('close'));
    window.Runnel!.toggle();
    off();
    window.Runnel!.toggle();
    window.Runnel!.toggle();
    return seen;
  });
  expect(calls).toEqual(['close']);
  await expect(chatIframe(page)).toBeHidden();
});
