/**
 * A chat store for unit tests: real store and persistence over a given key-value backend, answers
 * from `respond` (through chat-test-support's fetch), frames run by hand, saves every 20 ms, and
 * `saved()`: true once every save asked for has landed.
 */
import type { AssistantMessage } from '../../lib/browser/chat/message';
import { createChatStore } from '../../lib/browser/chat/chat-store';
import { createMemoryBackend, type KvBackend } from '../../lib/browser/chat/kv-backend';
import type { NetworkWatch } from '../../lib/browser/chat/network-watch';
import type { MetaStash } from '../../lib/browser/chat/meta-stash';
import { stashedRuns } from '../../lib/browser/chat/stashed-runs';
import { createPersistence } from '../../lib/browser/chat/persistence';
import { fakeFetch, manualFrames, saveTracker, type SeenRequest } from './chat-test-support';

/** The model most tests send to. */
export const CHAT = { id: 'vllm:chat', kind: 'chat' as const };

/** A store whose requests are answered by `respond`, persisting to `backend`. */
export function storeHarness(
  respond: (body: Record<string, unknown>, request: SeenRequest) => Response,
  backend: KvBackend = createMemoryBackend(),
  {
    network,
    saveIntervalMs = 20,
    stash,
    later,
    paceEnd,
  }: {
    network?: NetworkWatch;
    saveIntervalMs?: number;
    stash?: MetaStash;
    later?: (cb: () => void) => void;
    paceEnd?: () => boolean;
  } = {},
) {
  const frames = manualFrames();
  const f = fakeFetch(respond);
  const saves = saveTracker();
  let id = 0;
  const store = createChatStore({
    createPersistence: (onFallback) => saves.track(createPersistence(backend, onFallback, stash)),
    fetch: f,
    newId: () => `id${++id}`,
    scheduleFrame: frames.schedule,
    timers: saves.timers,
    saveIntervalMs,
    ...(network ? { network } : {}),
    // As the chat page keeps it: with a stash, the streaming answers' tokens go in it too.
    ...(stash ? { stashedRuns } : {}),
    ...(later ? { later } : {}),
    ...(paceEnd ? { paceEnd } : {}),
  });
  const active = () => store.getState().conversations[store.getState().activeId ?? '']!;
  const answer = () => active().messages.at(-1) as AssistantMessage;
  const idle = () => Object.keys(store.getState().running).length === 0;
  return { store, frames, fetch: f, active, answer, idle, saved: saves.landed, backend };
}
