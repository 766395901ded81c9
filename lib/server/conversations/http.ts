import 'server-only';

import type { z } from 'zod';
import type { RequestError } from '../../protocol/chat-request';
import { readJsonBody } from '../http/read-body';
import { jsonError } from '../http/json-error';

/** The answer for an id the signed-in user does not have: theirs or nobody's, it is the same. */
export const notFound = () =>
  jsonError({ status: 404, code: 'not_found', message: 'No such conversation.' });

/**
 * A JSON answer that no cache keeps (it is one user's data), with its length: the gate holds a
 * large one's slot until it is sent (`releasedWhenSent`).
 */
export const json = (body: unknown, status = 200) => {
  const bytes = Buffer.from(JSON.stringify(body));
  return new Response(bytes, {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'no-store',
    },
  });
};

/**
 * Reads and validates a JSON body: the size is checked before anything is parsed (413), then the
 * shape (400 naming the first bad field).
 */
export async function readBody<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return { ok: false, response: jsonError(body.error) };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join('.') ?? '';
    const error: RequestError = {
      status: 400,
      code: 'invalid_request',
      message: `${param ? `${param}: ` : ''}${issue?.message ?? 'invalid body'}`,
      ...(param ? { param } : {}),
    };
    return { ok: false, response: jsonError(error) };
  }
  return { ok: true, value: parsed.data };
}
