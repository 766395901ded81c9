import { describe, expect, it } from 'vitest';
import { newBoundSessionId, sessionBelongsTo } from './session-binding';

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
    expect(sessionBelongsTo(`${id.slice(0, -1)}A`, 'code:team', 'k1')).toBe(false);
  });
});
