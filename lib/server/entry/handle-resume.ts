import 'server-only';

import { EVENT_STREAM_HEADERS } from '../../protocol/sse';
import { jsonError, tooManyRequests } from '../http/json-error';
import { findAnswer, mayAccess, type ResumeStores } from '../resume/find-answer';
import type { createReaderCaps } from './reader-caps';
import { createReaderStream } from '../resume/reader-stream';

/** What the resume routes need from the server. */
export interface ResumeContext {
  stores: ResumeStores;
  keepaliveIntervalMs: number;
  /** The caller's identity key (`resumeBinding`); undefined without sign-in. */
  identityKey?: string;
  /** Who the caller is counted as for the reader caps (any identity's key, addresses included). */
  readerKey: string;
  /** The open readers of this instance (reader-caps.ts). */
  caps: ReturnType<typeof createReaderCaps>;
}

/** A reader ends when its tab does: a few seconds is a fair guess at when a place frees. */
const READER_RETRY_AFTER_S = 5;

function notFound(): Response {
  return jsonError({
    status: 404,
    code: 'not_found',
    message: 'No resumable answer with this id: it is unknown, expired or was not kept.',
  });
}

function forbidden(): Response {
  return jsonError({
    status: 403,
    code: 'forbidden',
    message: 'The X-Resume-Token header does not open this answer.',
  });
}

/** `Last-Event-ID`: absent → 0 (from the start); otherwise a whole number. */
function lastEventId(request: Request): number | undefined {
  const value = request.headers.get('last-event-id')?.trim();
  if (!value) return 0;
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * `GET /api/chat/{requestId}/events`: every event after `Last-Event-ID`, then live events until the
 * terminal one, as the answer's first connection had them. 404 unknown or expired, 403 wrong token
 * or identity.
 */
export async function handleResumeEvents(
  request: Request,
  requestId: string,
  context: ResumeContext,
): Promise<Response> {
  const after = lastEventId(request);
  if (after === undefined) {
    return jsonError({
      status: 400,
      code: 'invalid_request',
      param: 'Last-Event-ID',
      message: 'Last-Event-ID must be the id of an event (a whole number)',
    });
  }
  const answer = await findAnswer(context.stores, requestId);
  if (!answer?.feed) return notFound();
  const token = request.headers.get('x-resume-token');
  if (!mayAccess(answer.access, token, context.identityKey)) return forbidden();
  const leave = context.caps.enter(requestId, context.readerKey);
  if (!leave) {
    return tooManyRequests(
      'Too many readers of this answer, or of your answers, are open here.',
      READER_RETRY_AFTER_S,
    );
  }
  const stream = createReaderStream(answer.feed, {
    afterSeq: after,
    keepaliveIntervalMs: context.keepaliveIntervalMs,
    signal: request.signal,
    onDetach: leave,
  });
  return new Response(stream, {
    status: 200,
    headers: { ...EVENT_STREAM_HEADERS, 'X-Request-Id': requestId },
  });
}

/**
 * `POST /api/chat/{requestId}/stop`: closes the answer's upstream at once, wherever it is generated;
 * every reader gets `stopped`. 204, also when the answer had already ended.
 */
export async function handleResumeStop(
  request: Request,
  requestId: string,
  context: ResumeContext,
): Promise<Response> {
  const answer = await findAnswer(context.stores, requestId);
  if (!answer) return notFound();
  const token = request.headers.get('x-resume-token');
  if (!mayAccess(answer.access, token, context.identityKey)) return forbidden();
  await answer.stop();
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
