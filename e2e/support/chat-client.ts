import type { RunnelEvent } from '../../lib/protocol/events';
import { readEventStream } from '../../lib/protocol/read-event-stream';
import { APP_URL, SCENARIO_URL } from '../../testing/stack/ports';

/** A unique marker for one test's request, so parallel tests find their own backend record. */
export function nonce(label = 'n'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The usual body: one user message carrying the test's nonce. */
export function chatBody(model: string, marker: string, extra: Record<string, unknown> = {}) {
  return { model, messages: [{ role: 'user', content: `Test ${marker}` }], ...extra };
}

export function postChat(body: unknown, init: { baseURL?: string; signal?: AbortSignal } = {}) {
  return fetch(`${init.baseURL ?? APP_URL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** Posts and reads the whole event stream; `raw` is the exact text on the wire. */
export async function chat(body: unknown, baseURL?: string) {
  const response = await postChat(body, baseURL ? { baseURL } : {});
  const raw = await response.text();
  const events: RunnelEvent[] = [];
  for await (const event of readEventStream(new Response(raw).body!)) events.push(event);
  return { response, raw, events };
}

type Compact =
  | { type: 'start' | 'done' }
  | { type: 'text'; kind: 'reasoning' | 'content'; text: string }
  | { type: 'status'; message: string }
  | Exclude<RunnelEvent, { type: 'start' | 'done' | 'reasoning' | 'content' | 'status' }>;

/**
 * The event sequence with adjacent text deltas joined and running usage left out (checked
 * separately), so a scenario's exact shape can be asserted independently of token boundaries.
 */
export function compact(events: RunnelEvent[]): Compact[] {
  const out: Compact[] = [];
  for (const event of events) {
    if (event.type === 'usage' && !event.final) continue;
    const last = out.at(-1);
    if (event.type === 'reasoning' || event.type === 'content') {
      if (last?.type === 'text' && last.kind === event.type) last.text += event.text;
      else out.push({ type: 'text', kind: event.type, text: event.text });
      continue;
    }
    if (event.type === 'start' || event.type === 'done') out.push({ type: event.type });
    else out.push(event);
  }
  return out;
}

interface BackendRecord {
  id: number;
  provider: string;
  path: string;
  model: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
  receivedAt: number;
  headersAt?: number;
  firstByteAt?: number;
  closedAt?: number;
  outcome?: 'completed' | 'client_closed' | 'server_destroyed' | 'never_responded';
  /** The same moments on the system-wide monotonic clock: compare with `monotonicNow()`. */
  monotonic: { receivedAt: number; firstByteAt?: number; closedAt?: number };
}

/** Now on the system-wide monotonic clock, comparable with the backend's `monotonic` times. */
export function monotonicNow(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The scenario backend's record of the request carrying `marker` (undefined until it arrives). */
export async function backendRecord(
  model: string,
  marker: string,
): Promise<BackendRecord | undefined> {
  const response = await fetch(
    `${SCENARIO_URL}/__control/requests?model=${encodeURIComponent(model)}`,
  );
  const { requests } = (await response.json()) as { requests: BackendRecord[] };
  return requests.find((r) => JSON.stringify(r.body).includes(marker));
}

/**
 * Every request the scenario backend received whose body mentions `marker`, whatever its model or
 * path: what proves that a request refused by the app never went upstream. Waits `settleMs` first,
 * so a call the app made after answering would be seen too.
 */
export async function backendRecordsMentioning(
  marker: string,
  settleMs = 300,
): Promise<BackendRecord[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const response = await fetch(`${SCENARIO_URL}/__control/requests`);
  const { requests } = (await response.json()) as { requests: BackendRecord[] };
  return requests.filter((r) => JSON.stringify(r.body).includes(marker));
}
