import { describe, expect, it } from 'vitest';
import { checkSessionOwner, newBoundSessionId, sessionBelongsTo } from './session-binding';

describe('provider session binding', () => {
  it('accepts a session id only from the identity it was made for, under the same key', () => {
    const id = newBoundSessionId('code:team', 'k1');
    expect(id).toMatch(/^sess_[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    expect(sessionBelongsTo(id, 'code:team', 'k1')).toBe(true);
    expect(sessionBelongsTo(id, 'oidc:eve', 'k1')).toBe(false);
    expect(sessionBelongsTo(id, 'code:team', 'k2')).toBe(false);
    // Made up, or an id of the old form without a tag.
    expect(sessionBelongsTo('sess_123.abc', 'code:team', 'k1')).toBe(false);
    expect(sessionBelongsTo('sess_123', 'code:team', 'k1')).toBe(false);
    const altered = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    expect(sessionBelongsTo(altered, 'code:team', 'k1')).toBe(false);
  });

  it('starts a new session for an untagged id of an earlier release, refuses someone else’s', () => {
    const chat = {
      model: 'ark:m',
      messages: [
        { role: 'user' as const, content: 'a' },
        { role: 'assistant' as const, content: 'b' },
        { role: 'user' as const, content: 'c' },
      ],
    };
    const legacy = checkSessionOwner(
      { ...chat, session: { id: `sess_${crypto.randomUUID()}`, messages: 2 } },
      'code:team',
      'k',
    );
    expect(legacy).toMatchObject({ ok: true, chat: { session: {} } });
    const mine = newBoundSessionId('code:team', 'k');
    const own = { ...chat, session: { id: mine, messages: 2 } };
    expect(checkSessionOwner(own, 'code:team', 'k')).toEqual({ ok: true, chat: own });
    expect(checkSessionOwner(own, 'oidc:eve', 'k')).toMatchObject({
      ok: false,
      error: { status: 403, code: 'forbidden', param: 'session.id' },
    });
    expect(checkSessionOwner(chat, 'oidc:eve', 'k')).toEqual({ ok: true, chat });
  });
});
