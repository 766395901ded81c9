import { expect, test } from '@playwright/test';
import { ADA_CODE, ERIN_CODE } from '../../testing/stack/conversations-stack';
import { lastAnswer, nonce, send } from '../ui/helpers';
import { openSidebar } from '../ui/sidebar-helpers';
import { api, conversationDoc, projectApp, sessionCookie, signedInContext } from './helpers';

test('a share link: read-only Markdown for its viewers, 404 once revoked', async ({ browser }) => {
  const app = projectApp();
  const cookie = await sessionCookie(app, ADA_CODE);
  const id = `share-${nonce()}`;
  const doc = conversationDoc(id, `Share me ${id}`);
  Object.assign(doc.messages[1]!, {
    status: 'complete',
    content: 'The **answer**, with `code`.',
    reasoning: 'Some *thinking*.',
    requestId: 'chat_request-id-never-shown',
    resumeToken: 'resume-token-never-shown',
    usage: { prompt_tokens: 11, completion_tokens: 22, total_tokens: 987654 },
  });
  await api(app, cookie, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: doc },
  });
  const created = await api(app, cookie, `/api/conversations/${id}/shares`, { method: 'POST' });
  expect(created.status).toBe(201);
  const { token, path } = (await created.json()) as { token: string; path: string };
  expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

  const signedOut = await browser.newContext();
  const page = await signedOut.newPage();
  const response = await page.goto(`${app.url}${path}`);
  if (app.shareLinks === 'signed-in') {
    await expect(page).toHaveURL(/\/sign-in\?next=/);
  } else {
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { name: `Share me ${id}` })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'answer' })).toBeVisible();
    await expect(page.locator('code', { hasText: 'code' })).toBeVisible();
    await page.getByText('Reasoning').click();
    await expect(page.locator('em', { hasText: 'thinking' })).toBeVisible();
    const html = await page.content();
    for (const secret of [
      'request-id-never-shown',
      'resume-token-never-shown',
      '987654',
      id + '-a',
    ])
      expect(html).not.toContain(secret);
  }

  // Listed in the conversation's menu, then revoked: 404 for everyone, the owner included.
  const listed = (await (await api(app, cookie, `/api/conversations/${id}/shares`)).json()) as {
    shares: { token: string }[];
  };
  expect(listed.shares.map((s) => s.token)).toContain(token);
  expect(
    (await api(app, cookie, `/api/conversations/${id}/shares/${token}`, { method: 'DELETE' }))
      .status,
  ).toBe(204);
  expect((await fetch(`${app.url}${path}`, { headers: { cookie } })).status).toBe(404);
  expect(
    (await fetch(`${app.url}/s/unknown-token-unknown-token-0000`, { headers: { cookie } })).status,
  ).toBe(404);
  await signedOut.close();
});

test('a long shared conversation: its first answers rendered on the server, the rest in the browser', async ({
  browser,
}) => {
  const app = projectApp();
  const cookie = await sessionCookie(app, ADA_CODE);
  const id = `share-long-${nonce()}`;
  const doc = conversationDoc(id, `Long share ${id}`);
  const [question, answer] = doc.messages;
  // 30 answers of about 4 KiB: 120 KiB of Markdown, past what a share page renders on the server.
  const filler = 'More text to read. '.repeat(210);
  const messages = Array.from({ length: 30 }, (_, n) => [
    { ...question!, id: `${id}-q${n}`, content: `Question ${n}` },
    {
      ...answer!,
      id: `${id}-a${n}`,
      status: 'complete',
      content: `Answer **number-${n}**. ${filler}`,
    },
  ]).flat();
  await api(app, cookie, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: { ...doc, messages } },
  });
  const created = await api(app, cookie, `/api/conversations/${id}/shares`, { method: 'POST' });
  expect(created.status).toBe(201);
  const { path } = (await created.json()) as { path: string };

  // The server's HTML: the first answers as Markdown, the last as its source, as plain text.
  const html = await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text();
  expect(html).toContain('<strong>number-0</strong>');
  expect(html).not.toContain('<strong>number-29</strong>');
  expect(html).toContain('Answer **number-29**');

  // The browser renders the rest as the reader comes near it (not all at once after hydration:
  // megabytes of answers froze the tab), without a hydration error.
  const { context, page } = await signedInContext(browser, app, ADA_CODE);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${app.url}${path}`);
  await expect(page.locator('strong', { hasText: 'number-0' })).toBeVisible();
  // The first answer the server left as its source.
  const n = [...Array(30).keys()].find((k) => !html.includes(`<strong>number-${k}</strong>`))!;
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(20);
  await page.getByText(`Answer **number-${n}**`).scrollIntoViewIfNeeded();
  await expect(page.locator('strong', { hasText: `number-${n}` })).toBeVisible();
  // Many screens further down, the last answer is still its source until the reader gets there.
  await expect(page.getByText('Answer **number-29**')).toHaveCount(1);
  await page.getByText('Answer **number-29**').scrollIntoViewIfNeeded();
  await expect(page.locator('strong', { hasText: 'number-29' })).toBeVisible();
  await expect(page.getByText('Answer **number-29**')).toHaveCount(0);
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  await context.close();
});

test('the conversation menu creates, lists and revokes share links', async ({ browser }) => {
  const app = projectApp();
  const { context, page } = await signedInContext(browser, app, ADA_CODE);
  const marker = nonce();
  await send(page, `Share from the menu ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const nav = await openSidebar(page);
  // This page's conversation: other specs signed in as the same user add theirs to the list.
  await nav
    .getByRole('listitem')
    .filter({ has: page.locator('a[aria-current="page"]') })
    .getByRole('button', { name: /^Options for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Share…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share conversation' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const links = dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem');
  await expect(links).toHaveCount(1);
  const url = ((await links.first().locator('span').textContent()) ?? '').trim();
  expect(url).toMatch(/\/s\/[\w-]{43}$/);
  const viewer = await context.newPage();
  await viewer.goto(url);
  await expect(viewer.getByRole('listitem', { name: 'Question' })).toHaveText(
    `Share from the menu ${marker}`,
  );
  // The list drops a revoked link at once, before the server has answered (an optimistic
  // update): the link is gone for its viewers once the DELETE has been answered.
  const revoked = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && /\/shares\/[\w-]+$/.test(new URL(r.url()).pathname),
  );
  await links.first().getByRole('button', { name: 'Revoke' }).click();
  await expect(links).toHaveCount(0);
  expect((await revoked).status()).toBe(204);
  expect((await viewer.goto(url))!.status()).toBe(404);
  await context.close();
});

test('a viewer opening shared chats too fast is told to wait, and other viewers are not', async () => {
  const app = projectApp();
  const ada = await sessionCookie(app, ADA_CODE);
  const id = `share-views-${nonce()}`;
  await api(app, ada, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: conversationDoc(id, `Viewed often ${id}`) },
  });
  const { path } = (await (
    await api(app, ada, `/api/conversations/${id}/shares`, { method: 'POST' })
  ).json()) as { path: string };
  // A viewer of its own: Erin (signed in), or an address of its own (public links; the test's
  // loopback peer is a trusted proxy, so the address it forwards is the client's).
  const address = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1::7`;
  const viewer: Record<string, string> =
    app.shareLinks === 'signed-in'
      ? { cookie: await sessionCookie(app, ERIN_CODE) }
      : { 'x-forwarded-for': address() };
  const view = (headers: Record<string, string>, at = path) =>
    fetch(`${app.url}${at}`, { headers });
  for (let i = 0; i < 60; i++) {
    const response = await view(viewer);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const refused = await view(viewer);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  expect(await refused.text()).toMatch(
    /Too many shared chats opened from here.*Try again in \d+ s/,
  );
  // Unknown links count in the same minute: guessing tokens is held up too.
  expect((await view(viewer, '/s/unknown-token-unknown-token-0000')).status).toBe(429);
  const other: Record<string, string> =
    app.shareLinks === 'signed-in' ? { cookie: ada } : { 'x-forwarded-for': address() };
  expect((await view(other)).status).toBe(200);
});
