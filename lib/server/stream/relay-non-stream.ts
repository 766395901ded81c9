import 'server-only';

import { describeErrorBody } from '../upstream/error-message';
import { translateJsonCompletion } from '../upstream/json-completion';
import type { NormalizerOptions } from '../upstream/normalizer';
import type { EventSink } from './event-output';
import { readBoundedText, readLimitedText } from '../http/read-limited-text';
import { MAX_FRAME_CHARS } from '../upstream/sse-decoder';
import { retryAfterHeader } from '../../protocol/read-event-stream';

/** The longest wait a backend's `Retry-After` is passed on with (a day). */
const MAX_WAIT_S = 86_400;

/**
 * A response that is not an event stream: an HTTP error, a web page, or one JSON answer (a backend
 * that ignored `stream: true`). Returns false when it is an event stream after all.
 */
export async function relayNonStream(
  response: Response,
  contentType: string,
  normalizer: NormalizerOptions,
  sink: EventSink,
): Promise<boolean> {
  if (!response.ok || response.type === 'opaqueredirect') {
    const text = await readLimitedText(response);
    const said = describeErrorBody(text, contentType, response.status);
    // A provider that says when to try again (OpenAI, OpenRouter, Groq on 429; a proxy on 503):
    // in the event, and in the message the answer's details show.
    const header = retryAfterHeader(response);
    const wait = header === undefined ? undefined : Math.min(MAX_WAIT_S, Math.ceil(header));
    const message = wait === undefined ? said : `${said} (it asks to wait ${wait} s)`;
    sink.send({
      type: 'error',
      error: {
        code: 'upstream_http_error',
        status: response.status,
        message,
        ...(wait !== undefined && { retry_after_s: wait }),
      },
    });
    return true;
  }
  if (contentType.includes('text/html')) {
    // A 200 web page is a wrong address (or a captive portal), not a model answering.
    await response.body?.cancel().catch(() => undefined);
    const message =
      'The backend answered with a web page instead of an event stream: check its base URL';
    sink.send({ type: 'error', error: { code: 'protocol_error', message } });
    return true;
  }
  if (contentType.includes('application/json')) {
    // One completion is one frame: bounded as a streamed frame is.
    const text = await readBoundedText(response, MAX_FRAME_CHARS);
    if (text === undefined) {
      const message = 'The backend sent a completion too large to read';
      sink.send({ type: 'error', error: { code: 'protocol_error', message } });
      return true;
    }
    for (const event of translateJsonCompletion(text, normalizer)) sink.send(event);
    return true;
  }
  return false;
}
