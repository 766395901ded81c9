import { expect, test } from '@playwright/test';
import {
  lastAnswer,
  nonce,
  openHost,
  openWidget,
  send,
  waitForSaved,
  waitHydrated,
  widgetStorage,
} from './helpers';

// Several page loads and a stream per test: allow for a loaded CI machine.
test.describe.configure({ timeout: 60_000 });

test('the conversation is kept in the iframe’s partitioned IndexedDB across visits', async ({
  page,
}) => {
  await openHost(page, { 'data-model': 'vllm:chat' });
  const frame = await openWidget(page);
  await expect(frame.locator('[data-storage]')).toHaveAttribute('data-storage', 'indexeddb');
  const marker = nonce();
  await send(frame, `Remember ${marker}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
  await waitForSaved(page, marker);

  await page.reload();
  const again = await openWidget(page);
  await expect(again.getByRole('log')).toContainText(marker);
  await expect(lastAnswer(again)).toHaveAttribute('data-status', 'complete');

  // "New chat" starts over: one conversation per visitor, the previous one discarded.
  await again.getByRole('button', { name: 'New chat' }).click();
  await expect(again.getByRole('log')).toHaveCount(0);
  await expect.poll(() => widgetStorage(page)).not.toContain(marker);
  await page.reload();
  const third = await openWidget(page);
  // Only once what was stored has loaded does an empty chat mean something.
  await waitHydrated(third);
  await expect(third.getByRole('log')).toHaveCount(0);
  expect(await widgetStorage(page)).not.toContain(marker);
});

test('where storage is blocked the widget works in memory, without errors or warnings', async ({
  page,
}) => {
  // Inside the widget only: IndexedDB throws like in a browser that blocks third-party storage.
  await page.addInitScript(() => {
    if (location.pathname !== '/embed') return;
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    // Chromium's own notice that the composer's autofocus does not apply in a cross-origin frame
    // (the widget focuses it when the host opens the panel instead) is not an error of ours.
    if (
      m.type() === 'error' &&
      m.location().url.includes('/embed') &&
      !m.text().startsWith('Blocked autofocusing')
    ) {
      problems.push(m.text());
    }
  });
  page.on('pageerror', (e) => problems.push(e.message));

  await openHost(page, { 'data-model': 'vllm:chat' });
  const frame = await openWidget(page);
  await expect(frame.locator('[data-storage]')).toHaveAttribute('data-storage', 'memory');
  await send(frame, `Memory only ${nonce()}`);
  await expect(lastAnswer(frame)).toHaveAttribute('data-status', 'complete');
  // No storage warning: memory is the expected mode here, not a failure.
  await expect(frame.getByText(/Browser storage/)).toHaveCount(0);
  expect(problems).toEqual([]);
});
