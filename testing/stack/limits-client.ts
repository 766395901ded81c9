import type { RunnelEvent } from '../../lib/protocol/events';
import { EMBED_PASS_HEADER, VISITOR_HEADER } from '../../lib/protocol/embed-access';
import { LIMITS_AUTH_SECRET } from './limits-stack';
import { mintEmbedPass } from './session-cookie';
import { readEventStream } from '../../lib/protocol/read-event-stream';

/** A made-up client address, so each test is its own identity (Next passes x-forwarded-for on). */
export function randomAddress(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** A widget visitor id, as the widget makes them. */
export function randomVisitor(): string {
  return crypto.randomUUID();
}

export interface As {
  address: string;
  visitor?: string;
  hostOrigin?: string;
  signal?: AbortSignal;
}

/**
 * `POST /api/chat` on `baseURL` as the client `as` describes. A visitor of a site carries the pass
 * the `/embed` page framed by that site would have been given (the site is read from it).
 */
export async function postAs(baseURL: string, as: As, body: unknown): Promise<Response> {
  const pass = as.hostOrigin
    ? await mintEmbedPass({ secret: LIMITS_AUTH_SECRET, host: as.hostOrigin })
    : undefined;
  return fetch(`${baseURL}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': as.address,
      ...(as.visitor ? { [VISITOR_HEADER]: as.visitor } : {}),
      ...(pass ? { [EMBED_PASS_HEADER]: pass } : {}),
    },
    body: JSON.stringify(body),
    ...(as.signal ? { signal: as.signal } : {}),
  });
}

/** A stream being read event by event, that can be waited on and dropped. */
export interface OpenStream {
  response: Response;
  events: RunnelEvent[];
  /** Resolves with the first event matching `match` (already seen or yet to come). */
  next(match: (event: RunnelEvent) => boolean, timeoutMs?: number): Promise<RunnelEvent>;
  /** Resolves when the stream ended (its events all read). */
  ended: Promise<void>;
  /** Closes the connection, as a browser going away does. */
  abort(): void;
}

/** Posts and keeps reading the stream in the background. */
export async function openStream(baseURL: string, as: As, body: unknown): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await postAs(baseURL, { ...as, signal: controller.signal }, body);
  const events: RunnelEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    if (!response.ok || !response.body) {
      done = true;
      return;
    }
    try {
      for await (const event of readEventStream(response.body)) {
        events.push(event);
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted.
    }
    done = true;
    for (const wake of waiters) wake();
  })();
  return {
    response,
    events,
    ended,
    abort: () => controller.abort(),
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        function check() {
          const found = events.find(match);
          if (found || done) {
            clearTimeout(timer);
            waiters.delete(check);
            if (found) resolve(found);
            else
              reject(
                new Error(`the stream ended without a matching event: ${JSON.stringify(events)}`),
              );
          }
        }
        waiters.add(check);
        check();
      });
    },
  };
}

/** The `{error}` body of a refusal. */
export async function refusal(response: Response) {
  return (
    (await response.json()) as {
      error: { code: string; message: string; limit?: string; retry_after_s?: number };
    }
  ).error;
}
