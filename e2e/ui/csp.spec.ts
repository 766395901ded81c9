import { expect, test, type Page } from '@playwright/test';
import { HOST_URL } from '../../testing/stack/host-ports';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

// Several page loads per test (the identity provider's too): more than the default 30 s on a
// loaded two-core machine.
test.describe.configure({ timeout: 60_000 });

type Violation = { directive: string; blocked: string };

/** Records every CSP violation of every document in the page (frames included). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);

test('app pages get a nonce-based policy and the other security headers', async ({ request }) => {
  const first = await request.get('/');
  const csp = first.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(first.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  });
  // Every script the page ships carries this response's nonce, and the nonce is new every time.
  const nonceValue = /'nonce-([^']+)'/.exec(csp)![1]!;
  const scripts = (await first.text()).match(/<script\b[^>]*>/g)!;
  expect(scripts.length).toBeGreaterThan(3);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonceValue}"`);
  const second = (await request.get('/')).headers()['content-security-policy'];
  expect(second).not.toBe(csp);
  // The widget's page keeps its framing rule.
  const embed = (await request.get('/embed')).headers()['content-security-policy']!;
  expect(embed).toContain(`frame-ancestors ${HOST_URL}`);
  expect(embed).toContain("'strict-dynamic'");
  expect((await request.get('/api/health')).headers()['x-content-type-options']).toBe('nosniff');
});

test('the chat and the highlighting worker run under it; a script Runnel did not ship does not', async ({
  page,
}) => {
  await recordViolations(page);
  await openApp(page);
  await pickModel(page, 'vllm:markdown');
  await send(page, `Markdown please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.locator('pre code.hljs .hljs-keyword').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Markup injected into the page (what an HTML injection would do) cannot run script.
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.innerHTML = '<img src="/nowhere.png" onerror="window.__injected = true">';
    document.body.append(box);
  });
  await expect
    .poll(() => violations(page))
    .toEqual([expect.objectContaining({ directive: 'script-src-attr', blocked: 'inline' })]);
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
});
