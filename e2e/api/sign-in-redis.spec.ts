import { expect, test } from '@playwright/test';
import { E2E_ACCESS_CODE, SECURE_APP_ENV, SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { startInstance, type Instance } from '../../testing/stack/instance';

/**
 * The sign-in throttle across instances: the secure app (A) and a second instance started here
 * with its environment (B) keep the count of wrong access codes in the same redis-server, so a
 * guesser gets no more tries by spreading them over instances.
 */
const A = SECURE_APP_URL;
let b: Instance;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  b = await startInstance(SECURE_APP_ENV);
});

test.afterAll(async () => {
  await b?.stop();
});

/** A fresh address per test (198.18.0.0/15, for tests); Redis keeps counts across runs. */
function address(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `198.${18 + (n() % 2)}.${n()}.${n()}`;
}

function signIn(url: string, code: string, from: string): Promise<Response> {
  return fetch(`${url}/auth/access-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ code, next: '/' }),
  });
}

test('wrong codes through one instance count on the other', async () => {
  const from = address();
  for (const url of [A, A, A, b.url, b.url]) {
    expect((await signIn(url, 'not the code', from)).status).toBe(401);
  }
  for (const url of [A, b.url]) {
    const throttled = await signIn(url, E2E_ACCESS_CODE, from);
    expect(throttled.status, url).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(60);
  }
  // The second instance signs other addresses in: it is the codes' count that is shared.
  expect((await signIn(b.url, E2E_ACCESS_CODE, address())).status).toBe(200);
});

test('wrong codes sent at once to both instances: only five are compared, the rest get 429', async () => {
  const from = address();
  const responses = await Promise.all(
    Array.from({ length: 16 }, (_, i) => signIn(i % 2 ? b.url : A, 'not the code', from)),
  );
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses).toEqual([...Array(5).fill(401), ...Array(11).fill(429)]);
  for (const refused of responses.filter((r) => r.status === 429)) {
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
  }
});
