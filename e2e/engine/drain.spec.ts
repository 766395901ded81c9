import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { contentText, postChat, readAllEvents } from '../support/chat-client';
import {
  ENGINE_MODEL,
  engineAppEnv,
  writeEngineProvidersFile,
} from '../../testing/stack/engine-stack';
import { startStandalone } from '../../testing/stack/standalone';
import { nonce } from '../ui/helpers';
import { epochNow, waitBusySlot, waitSlotIdle } from './engine-probe';

test.describe.configure({ timeout: 120_000 });

const ask = (url: string, marker: string, question: string, maxTokens: number) =>
  postChat(
    {
      model: ENGINE_MODEL,
      max_tokens: maxTokens,
      messages: [{ role: 'user', content: `(${marker}) ${question}` }],
    },
    { baseURL: url },
  );

test('SIGTERM mid-answer on the real engine: a short answer finishes, a long one ends server_shutdown and frees its slot, exit 0', async () => {
  const app = await startStandalone({
    ...engineAppEnv(resolve(writeEngineProvidersFile())),
    SHUTDOWN_GRACE_MS: '1500',
  });
  try {
    const longMarker = nonce();
    const long = await ask(app.url, longMarker, 'Write a very long story about a river.', 512);
    const longEvents = readAllEvents(long);
    const longSlot = await waitBusySlot('decode');
    const shortMarker = nonce();
    const short = await ask(app.url, shortMarker, 'Say hello.', 12);
    const shortEvents = readAllEvents(short);
    await waitBusySlot('decode', { others: [longSlot] });

    app.process.kill('SIGTERM');
    const shortList = await shortEvents;
    expect(shortList.at(-1)?.type).toBe('done');
    expect(contentText(shortList).length).toBeGreaterThan(0);

    const longList = await longEvents;
    const ended = epochNow();
    const last = longList.at(-1);
    expect(last?.type === 'error' && last.error.code).toBe('server_shutdown');
    expect(contentText(longList).length).toBeGreaterThan(0);
    // The engine stopped writing the cut answer when the stream ended.
    expect(await waitSlotIdle(longSlot, ended)).toBeLessThan(500);
    expect(await app.exited).toBe(0);
  } finally {
    app.kill();
  }
});
