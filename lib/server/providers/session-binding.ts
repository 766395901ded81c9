import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChatRequest, RequestError } from '../../protocol/chat-request';

/**
 * Provider session ids (ARK's `ark_session_id`) are made here, and the browser sends them back to
 * continue a conversation. Whoever holds an id could otherwise continue — and read through the
 * answers — another person's conversation: each id carries a tag binding it to the identity that
 * started it, checked before it is used. The key is `AUTH_SECRET` (the same on every instance),
 * else the provider's own API key.
 */
export function newBoundSessionId(identityKey: string, key: string): string {
  const id = `sess_${crypto.randomUUID()}`;
  return `${id}.${tag(id, identityKey, key)}`;
}

/** Whether `sessionId` was made by {@link newBoundSessionId} for this identity with this key. */
export function sessionBelongsTo(sessionId: string, identityKey: string, key: string): boolean {
  const dot = sessionId.lastIndexOf('.');
  if (dot < 0) return false;
  const given = Buffer.from(sessionId.slice(dot + 1));
  const expected = Buffer.from(tag(sessionId.slice(0, dot), identityKey, key));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function tag(id: string, identityKey: string, key: string): string {
  return createHmac('sha256', `runnel-provider-session:${key}`)
    .update(`${identityKey}\n${id}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The request as it may go on for this identity: a session id it was not given is refused (403);
 * an id of the form earlier releases made (no tag) is never used, but not refused either — the
 * conversation simply starts a new session, as it would after the provider dropped one.
 */
export function checkSessionOwner(
  chat: ChatRequest,
  identityKey: string,
  key: string,
): { ok: true; chat: ChatRequest } | { ok: false; error: RequestError } {
  const id = chat.session?.id;
  if (id === undefined) return { ok: true, chat };
  if (!id.includes('.')) return { ok: true, chat: { ...chat, session: {} } };
  if (sessionBelongsTo(id, identityKey, key)) return { ok: true, chat };
  return {
    ok: false,
    error: {
      status: 403,
      code: 'forbidden',
      param: 'session.id',
      message: 'That provider session belongs to someone else.',
    },
  };
}
