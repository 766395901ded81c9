/**
 * Several tabs on one conversation: a change in one (new chat, new message, rename, delete) shows
 * in the other without a reload, and two tabs writing to the same conversation at once lose no
 * message. Two pages of one browser context share IndexedDB and BroadcastChannel, like two tabs.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  send,
  storedEntries,
  waitReady,
  VIEWS,
} from './helpers';
import { closeSidebar, openSidebar } from './sidebar-helpers';

test.describe.configure({ timeout: 90_000 });

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('changes in one tab show in the other without a reload', async ({ context }) => {
      const marker = nonce();
      const a = await context.newPage();
      const b = await context.newPage();
      await openApp(a);
      await openApp(b);

      // A new chat in tab A appears in tab B's sidebar.
      await pickModel(a, 'vllm:chat');
      await send(a, `Shared ${marker}`);
      await expect(lastAnswer(a)).toHaveAttribute('data-status', 'complete');
      const navB = await openSidebar(b);
      await expect(navB.getByRole('link', { name: `Shared ${marker}` })).toBeVisible();
      await navB.getByRole('link', { name: `Shared ${marker}` }).click();
      await expect(b).toHaveURL(a.url());

      // A new message in A shows in B, answer included.
      await send(a, `More ${marker}`);
      await expect(lastAnswer(a)).toHaveAttribute('data-status', 'complete');
      await expect(b.getByRole('log')).toContainText(`More ${marker}`);
      await expect(b.getByRole('log').locator('article')).toHaveCount(4);
      await expect(lastAnswer(b)).toHaveAttribute('data-status', 'complete');

      // A rename in B shows in A.
      const nav = await openSidebar(b);
      await nav.getByRole('link', { name: `Shared ${marker}` }).hover();
      await nav.getByRole('button', { name: `Options for “Shared ${marker}”` }).click();
      await nav.getByRole('menuitem', { name: 'Rename' }).click();
      await nav.getByRole('textbox', { name: 'Conversation title' }).fill(`Renamed ${marker}`);
      await nav.getByRole('textbox', { name: 'Conversation title' }).press('Enter');
      await expect(a).toHaveTitle(`Renamed ${marker} · Runnel`);
      await closeSidebar(b);

      // Deleted in A: B, which shows it, says it is gone.
      const navA = await openSidebar(a);
      await navA.getByRole('link', { name: `Renamed ${marker}` }).hover();
      await navA.getByRole('button', { name: `Options for “Renamed ${marker}”` }).click();
      await navA.getByRole('menuitem', { name: 'Delete' }).click();
      await a.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect(
        b.getByRole('heading', { name: 'This conversation is not on this device' }),
      ).toBeVisible();
      await expect(
        (await openSidebar(b)).getByRole('link', { name: `Renamed ${marker}` }),
      ).toHaveCount(0);
    });
  });
}

/**
 * Holds what a page hears from the other tabs until `setHold(page, false)`: both tabs then act before
 * either hears of the other, however busy the machine (the app's own code is untouched).
 */
function holdTabMessages() {
  const w = window as unknown as { __hold?: boolean; __release?: () => void };
  const held: Array<() => void> = [];
  const wrappers = new WeakMap<object, EventListener>();
  const add = BroadcastChannel.prototype.addEventListener;
  const remove = BroadcastChannel.prototype.removeEventListener;
  w.__release = () => {
    w.__hold = false;
    for (const deliver of held.splice(0)) deliver();
  };
  type Listener = EventListenerOrEventListenerObject;
  BroadcastChannel.prototype.addEventListener = function (
    this: BroadcastChannel,
    type: string,
    listener: Listener,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'message' || typeof listener !== 'function') {
      return add.call(this, type, listener, options);
    }
    const wrapper: EventListener = (event) => {
      if (w.__hold) held.push(() => listener.call(this, event));
      else listener.call(this, event);
    };
    wrappers.set(listener, wrapper);
    return add.call(this, type, wrapper, options);
  };
  BroadcastChannel.prototype.removeEventListener = function (
    this: BroadcastChannel,
    type: string,
    listener: Listener,
    options?: boolean | EventListenerOptions,
  ) {
    const wrapper = listener ? wrappers.get(listener) : undefined;
    return remove.call(this, type, wrapper ?? listener, options);
  };
}

const setHold = (p: Page, hold: boolean) =>
  p.evaluate((on) => {
    const w = window as unknown as { __hold?: boolean; __release?: () => void };
    if (on) w.__hold = true;
    else w.__release?.();
  }, hold);

/**
 * Tab A starts a conversation (its first answer stopped), tab B opens it; what each tab hears from
 * the other can be held (`setHold`).
 */
async function twoTabsOnOneConversation(context: BrowserContext, marker: string) {
  await context.addInitScript(holdTabMessages);
  const a = await context.newPage();
  await openApp(a);
  await pickModel(a, 'vllm:slow');
  await send(a, `Start ${marker}`);
  await a.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(a)).toHaveAttribute('data-status', 'stopped');
  const address = a.url();
  const b = await context.newPage();
  await b.goto(address);
  await waitReady(b);
  return { a, b, address };
}

/** A third tab on the conversation, whose last question has two versions (one from each tab). */
async function thirdTab(context: BrowserContext, address: string) {
  const c = await context.newPage();
  await c.goto(address);
  await waitReady(c);
  const last = c.getByRole('article', { name: 'Your message' }).last();
  await expect(last.getByTestId('version-position')).toHaveText(/Version \d \/ 2/);
  return { c, last };
}

/** Switches a question to its other version; returns the question's text before and after. */
async function showOtherVersion(question: Locator) {
  const shown = (await question.textContent()) ?? '';
  await question
    .getByRole('button', { name: /^(Previous|Next) version$/ })
    .and(question.locator(':enabled'))
    .click();
  // Switching loads its code on first use: wait for the other version to show.
  await expect(question).not.toHaveText(shown);
  return { shown, other: (await question.textContent()) ?? '' };
}

test('two tabs writing to the same conversation at once lose no message', async ({ context }) => {
  const marker = nonce();
  const { a, b, address } = await twoTabsOnOneConversation(context, marker);
  await expect(b.getByRole('log')).toContainText(`Start ${marker}`);

  // Both ask at the same moment, before either hears of the other's question: what each tab hears
  // from the other is held until both answers stream.
  const boxA = a.getByRole('textbox', { name: 'Message' });
  const boxB = b.getByRole('textbox', { name: 'Message' });
  await boxA.fill(`From tab A ${marker}`);
  await boxB.fill(`From tab B ${marker}`);
  await expect(a.getByRole('button', { name: 'Send' })).toBeEnabled();
  await expect(b.getByRole('button', { name: 'Send' })).toBeEnabled();
  await Promise.all([setHold(a, true), setHold(b, true)]);
  await Promise.all([boxA.press('Enter'), boxB.press('Enter')]);
  await expect(lastAnswer(a).locator('.markdown')).toContainText('Streaming');
  await expect(lastAnswer(b).locator('.markdown')).toContainText('Streaming');
  await expect(b.getByRole('log')).not.toContainText(`From tab A ${marker}`);
  await Promise.all([setHold(a, false), setHold(b, false)]);
  await a.getByRole('button', { name: 'Stop' }).click();
  await b.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(a)).toHaveAttribute('data-status', 'stopped');
  await expect(lastAnswer(b)).toHaveAttribute('data-status', 'stopped');

  // Each tab still shows its own question; the other's is a version beside it.
  const question = (p: Page) => p.getByRole('article', { name: 'Your message' }).last();
  await expect(question(a)).toContainText(`From tab A ${marker}`);
  await expect(question(b)).toContainText(`From tab B ${marker}`);
  await expect(question(a).getByTestId('version-position')).toHaveText(/Version \d \/ 2/);

  // A third tab, opened afterwards, finds both questions and both partial answers.
  const { c, last } = await thirdTab(context, address);
  const { shown, other } = await showOtherVersion(last);
  expect([shown, other].some((t) => t.includes(`From tab A ${marker}`))).toBe(true);
  expect([shown, other].some((t) => t.includes(`From tab B ${marker}`))).toBe(true);
  await expect(lastAnswer(c)).toHaveAttribute('data-status', 'stopped');
});

/**
 * The stored copy of conversation `id` as `page` reads it from IndexedDB: the status of the answer
 * after each question (by the question's text), and the mark of the write that stored it.
 */
async function storedAnswers(page: Page, id: string) {
  type Stored = { id: string; role: string; content: string; status?: string };
  const record = (await storedEntries(page))[`conversation:${id}`] as
    | {
        savedBy?: string;
        messages: Stored[];
        hidden?: Record<string, { parent: string; message: Stored }>;
      }
    | undefined;
  const parents = new Map<string, Stored>();
  record?.messages.forEach((m, i) => {
    if (i > 0) parents.set(record.messages[i - 1]!.id, m);
  });
  for (const h of Object.values(record?.hidden ?? {})) parents.set(h.parent, h.message);
  const all = [
    ...(record?.messages ?? []),
    ...Object.values(record?.hidden ?? {}).map((h) => h.message),
  ];
  const statusAfter = (question: string) => {
    const q = all.find((m) => m.role === 'user' && m.content === question);
    return q ? parents.get(q.id)?.status : undefined;
  };
  return { savedBy: record?.savedBy, statusAfter };
}

test('a tab that saves before it hears of the other tab’s Stop keeps that answer stopped', async ({
  context,
}) => {
  const marker = nonce();
  const fromA = `From tab A ${marker}`;
  const fromB = `From tab B ${marker}`;
  const { a, b, address } = await twoTabsOnOneConversation(context, marker);
  const id = new URL(address).pathname.split('/').at(-1)!;
  await expect(b.getByRole('log')).toContainText(`Start ${marker}`);

  // Both ask at once; once both stream, each hears of the other's answer, streaming.
  const question = (p: Page) => p.getByRole('article', { name: 'Your message' }).last();
  await a.getByRole('textbox', { name: 'Message' }).fill(fromA);
  await b.getByRole('textbox', { name: 'Message' }).fill(fromB);
  await Promise.all([setHold(a, true), setHold(b, true)]);
  await Promise.all([
    a.getByRole('textbox', { name: 'Message' }).press('Enter'),
    b.getByRole('textbox', { name: 'Message' }).press('Enter'),
  ]);
  await expect(lastAnswer(a).locator('.markdown')).toContainText('Streaming');
  await expect(lastAnswer(b).locator('.markdown')).toContainText('Streaming');
  await Promise.all([setHold(a, false), setHold(b, false)]);
  await expect(question(b).getByTestId('version-position')).toHaveText(/Version \d \/ 2/);

  // Tab B stops hearing; A's answer is stopped and saved; B, still streaming, saves (merged with
  // A's stopped copy) and then stops and saves again, all before it hears of A's Stop.
  await setHold(b, true);
  await a.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(a)).toHaveAttribute('data-status', 'stopped');
  let stoppedBy: string | undefined;
  await expect
    .poll(async () => {
      const stored = await storedAnswers(a, id);
      if (stored.statusAfter(fromA) === 'stopped') stoppedBy ??= stored.savedBy;
      return stoppedBy !== undefined && stored.savedBy !== stoppedBy;
    })
    .toBe(true);
  await b.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(b)).toHaveAttribute('data-status', 'stopped');
  await expect.poll(async () => (await storedAnswers(a, id)).statusAfter(fromB)).toBe('stopped');
  expect((await storedAnswers(a, id)).statusAfter(fromA)).toBe('stopped');
  await setHold(b, false);

  // A third tab finds both answers stopped, whichever version it shows.
  const { c, last } = await thirdTab(context, address);
  await expect(lastAnswer(c)).toHaveAttribute('data-status', 'stopped');
  await showOtherVersion(last);
  await expect(lastAnswer(c)).toHaveAttribute('data-status', 'stopped');
});

test('Stop in a tab that only watches an answer stops it in the tab that streams it', async ({
  context,
}) => {
  const marker = nonce();
  const a = await context.newPage();
  await openApp(a);
  await pickModel(a, 'vllm:slow');
  await send(a, `Long answer ${marker}`);
  await expect(lastAnswer(a).locator('.markdown')).toContainText('Streaming');
  const b = await context.newPage();
  await b.goto(a.url());
  await waitReady(b);
  await expect(lastAnswer(b)).toHaveAttribute('data-status', 'streaming');
  await b.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(a)).toHaveAttribute('data-status', 'stopped');
  await expect(lastAnswer(b)).toHaveAttribute('data-status', 'stopped');
});
