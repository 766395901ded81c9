/**
 * `/__control/*`: lets tests read the request log and change settings.
 * Control requests are not recorded themselves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-utils';
import { defaultSettings, type ServerState } from './state';

/** Path prefix of the control API. */
export const CONTROL_PREFIX = '/__control';

/** Handles a control request; `url` is already parsed. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: ServerState,
): Promise<void> {
  const route = `${req.method ?? 'GET'} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  switch (route) {
    case 'GET /health':
      return sendJson(res, 200, { ok: true });
    case 'GET /requests':
      return sendJson(res, 200, { requests: state.recorder.list(url.searchParams.get('model')) });
    case 'GET /requests/last': {
      const last = state.recorder.last();
      return last
        ? sendJson(res, 200, last)
        : sendJson(res, 404, { error: 'no requests recorded' });
    }
    case 'POST /reset':
      state.recorder.reset();
      state.settings = defaultSettings();
      state.arkSessions.clear();
      return sendJson(res, 200, { ok: true });
    case 'GET /ark-sessions':
      return sendJson(res, 200, { sessions: state.arkSessions.list() });
    case 'POST /ark-sessions/forget': {
      const id = url.searchParams.get('id');
      if (!id) return sendJson(res, 400, { error: 'name the session: ?id=…' });
      return sendJson(res, 200, { forgotten: state.arkSessions.forget(id) });
    }
    case 'GET /settings':
      return sendJson(res, 200, state.settings);
    case 'POST /settings':
      return updateSettings(req, res, state);
    default:
      return sendJson(res, 404, { error: `unknown control route: ${route}` });
  }
}

async function updateSettings(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)) || '{}');
  } catch {
    return sendJson(res, 400, { error: 'invalid JSON' });
  }
  if (typeof body !== 'object' || body === null)
    return sendJson(res, 400, { error: 'expected an object' });
  if ('tokenDelayMs' in body) {
    const v = (body as { tokenDelayMs: unknown }).tokenDelayMs;
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
      return sendJson(res, 400, { error: 'tokenDelayMs must be a non-negative number or null' });
    }
    state.settings.tokenDelayMs = v;
  }
  return sendJson(res, 200, state.settings);
}
