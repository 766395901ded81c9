/**
 * Shared steps of the conversations specs: each project (SQLite, PostgreSQL) runs them against its
 * own app (testing/stack/conversations-stack.ts).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONVERSATIONS_APPS, type ConversationsApp } from '../../testing/stack/conversations-stack';
import { waitReady } from '../ui/helpers';

/** The app of the running project. */
export function projectApp(): ConversationsApp {
  const database = test.info().project.metadata.database as 'sqlite' | 'postgres';
  return CONVERSATIONS_APPS[database];
}

/** Signs in through the sign-in page and waits for the chat. */
export async function signIn(page: Page, app: ConversationsApp, code: string): Promise<void> {
  await page.goto(`${app.url}/sign-in`);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitReady(page);
}

/** A new browser context signed in with `code`, and its page. */
export async function signedInContext(
  browser: Browser,
  app: ConversationsApp,
  code: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, app, code);
  return { context, page };
}

/** The session cookie (`name=value`) of `code`, for API calls. */
export async function sessionCookie(app: ConversationsApp, code: string): Promise<string> {
  const res = await fetch(`${app.url}/auth/access-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, next: '/' }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** A JSON API call to the app as the holder of `cookie`. */
export function api(
  app: ConversationsApp,
  cookie: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Response> {
  return fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { cookie, 'content-type': 'application/json', origin: app.url },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** `w1 w2 … wN`: what the scenario backend's counting models answer. */
export const counted = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

/** A conversation as the browser keeps it: one question, one answer still streaming. */
export function conversationDoc(id: string, question: string, answerId = `${id}-a`) {
  const now = Date.now();
  return {
    id,
    title: question,
    createdAt: now,
    updatedAt: now,
    model: 'vllm:counting-long',
    settings: { systemPrompt: '', temperature: null, maxTokens: null, reasoningEffort: null },
    messages: [
      { id: `${id}-q`, role: 'user', content: question, createdAt: now },
      {
        id: answerId,
        role: 'assistant',
        model: 'vllm:counting-long',
        content: '',
        reasoning: '',
        status: 'streaming',
        createdAt: now,
        timing: { sentAt: now },
      },
    ],
  };
}
