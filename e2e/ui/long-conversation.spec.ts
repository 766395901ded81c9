/**
 * A conversation of 1,000 messages (~300 KB of Markdown, code and tables): opened from the sidebar
 * it shows its last message, text typed while it opens is kept, scrolling up reaches its first
 * message and back down its last (messages are added as the reader scrolls, and those far from
 * the view unmounted), "Jump to latest" brings the end back from anywhere, and an edit left open
 * on an early message is still there after its message was unmounted.
 */
import { expect, test } from '@playwright/test';
import { LAST_WORDS, longConversation } from '../../testing/browser/long-conversation';
import { seedConversations } from '../../testing/browser/seed-conversations';
import { openApp, reloadApp } from './helpers';

test.use({ viewport: { width: 1280, height: 860 } });

test('a 1,000-message conversation opens at its end, keeps what is typed meanwhile, scrolls to its start and back', async ({
  page,
}) => {
  // Scrolling through all 1,000 messages, three times, a step of 24 messages at a time, is seconds
  // of rendering that a busy machine stretches well past the default 30 s.
  test.setTimeout(300_000);
  await openApp(page);
  await seedConversations(page, [longConversation(Date.now())]);
  await reloadApp(page);
  const link = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: 'A very long conversation' });
  await expect(link).toBeVisible();

  // The composer keeps the focus while the conversation opens (a script click on the link, so
  // that focus does not move), and the keys pressed right away are queued behind the opening.
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.focus();
  const started = Date.now();
  await link.evaluate((a: HTMLAnchorElement) => a.click());
  await page.keyboard.type('typed while it opened');

  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(LAST_WORDS)).toBeInViewport();
  console.log(`[long conversation] click → last message on screen: ${Date.now() - started} ms`);
  await expect(page).toHaveURL(/\/c\/long-conversation$/);
  await expect(composer).toHaveValue('typed while it opened');

  // Scrolling up adds earlier messages until the first question is there.
  const scroller = page.getByTestId('message-scroller');
  /** Scrolls to the top or the bottom, again every 100 ms as messages are added, until `done`. */
  const scrollUntil = (to: 'top' | 'bottom', done: () => Promise<boolean>) =>
    expect
      .poll(
        async () => {
          await scroller.evaluate(
            (el, toTop) => el.scrollTo({ top: toTop ? 0 : el.scrollHeight }),
            to === 'top',
          );
          return done();
        },
        { timeout: 90_000, intervals: [100] },
      )
      .toBe(true);
  const first = log.getByText(/^Question 1:/);
  await scrollUntil('top', () => first.isVisible());
  await expect(first).toBeInViewport();
  await expect(composer).toHaveValue('typed while it opened');
  // Messages far below the view were unmounted on the way: the page holds a few screens of them,
  // not the whole conversation.
  const mounted = log.locator('article');
  expect(await mounted.count()).toBeLessThan(300);

  // An edit started up here and left open survives its message being unmounted.
  await log
    .getByRole('article', { name: 'Your message' })
    .filter({ hasText: /Question 1:/ })
    .getByRole('button', { name: 'Edit message' })
    .click();
  const editor = log.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('an edit left open');
  await composer.focus();

  // Scrolling back down adds later messages and unmounts the earliest, up to the end.
  const last = log.getByText(LAST_WORDS);
  await scrollUntil('bottom', () => last.isVisible());
  await expect(first).toHaveCount(0);
  expect(await mounted.count()).toBeLessThan(300);

  // Away from the end again, "Jump to latest" brings back the last message.
  await scrollUntil('top', async () => (await last.count()) === 0);
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(last).toBeInViewport();
  await expect(composer).toHaveValue('typed while it opened');
  await expect(editor).toHaveCount(0);

  // Back at the top, the edit left open is there as it was left.
  await scrollUntil('top', () => editor.isVisible());
  await expect(editor).toHaveValue('an edit left open');
});
