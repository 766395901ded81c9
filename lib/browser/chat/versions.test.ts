import { describe, expect, it } from 'vitest';
import { createConversation, ROOT, type Conversation } from './conversation';
import { createAssistantMessage, type Message } from './message';
import { branchAt, deriveVersions, neighbourVersion, showVersion, versionsAt } from './versions';

const user = (id: string, t: number): Message => ({
  id,
  role: 'user',
  content: id,
  createdAt: t,
});
const answer = (id: string, t: number): Message => ({
  ...createAssistantMessage(id, 'm', t),
  content: id,
  status: 'complete',
});
const texts = (c: Conversation) => c.messages.map((m) => m.id);

/** u1 a1 u2 a2 */
function linear(): Conversation {
  return {
    ...createConversation('c', 'm', 0),
    messages: [user('u1', 1), answer('a1', 2), user('u2', 3), answer('a2', 4)],
  };
}

describe('versions', () => {
  it('a regenerated answer is a sibling; the earlier one stays hidden under the same parent', () => {
    const c = branchAt(linear(), 3, [answer('a2b', 10)], 10);
    expect(texts(c)).toEqual(['u1', 'a1', 'u2', 'a2b']);
    expect(c.versions).toEqual({ u2: ['a2', 'a2b'] });
    expect(c.hidden?.a2).toMatchObject({ parent: 'u2', hiddenAt: 10 });
    expect(versionsAt(c, 3)).toEqual({ ids: ['a2', 'a2b'], position: 1 });
    expect(versionsAt(c, 2)).toBeNull();
  });

  it('an edit keeps the later turns with the version they were written under', () => {
    const edited = branchAt(linear(), 0, [user('u1b', 10), answer('a1b', 11)], 10);
    expect(texts(edited)).toEqual(['u1b', 'a1b']);
    expect(edited.versions).toEqual({ [ROOT]: ['u1', 'u1b'] });
    expect(Object.keys(edited.hidden ?? {}).sort()).toEqual(['a1', 'a2', 'u1', 'u2']);

    // Back to the first version: its whole continuation comes back.
    const back = showVersion(edited, 0, 'u1', 20);
    expect(texts(back)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(versionsAt(back, 0)).toEqual({ ids: ['u1', 'u1b'], position: 0 });
    expect(Object.keys(back.hidden ?? {}).sort()).toEqual(['a1b', 'u1b']);
    expect(texts(showVersion(back, 0, 'u1b', 30))).toEqual(['u1b', 'a1b']);
  });

  it('at a fork further down, the version that was on screen last comes back', () => {
    let c = branchAt(linear(), 3, [answer('a2b', 10)], 10); // a2 | a2b (shown)
    c = showVersion(c, 3, 'a2', 11); // a2 shown
    c = branchAt(c, 0, [user('u1b', 12), answer('a1b', 13)], 12); // edit the first question
    const back = showVersion(c, 0, 'u1', 14);
    expect(texts(back)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(neighbourVersion(back, 3, 1)).toBe('a2b');
    expect(neighbourVersion(back, 3, -1)).toBeUndefined();
  });

  it('ignores a target that is not a version of that message', () => {
    const c = branchAt(linear(), 3, [answer('a2b', 10)], 10);
    expect(showVersion(c, 3, 'a2b', 11)).toBe(c);
    expect(showVersion(c, 1, 'a2', 11)).toBe(c);
  });

  it('version lists can be derived from the messages alone', () => {
    let c = branchAt(linear(), 3, [answer('a2b', 10)], 10);
    c = branchAt(c, 3, [answer('a2c', 11)], 11);
    expect(c.versions).toEqual({ u2: ['a2', 'a2b', 'a2c'] });
    expect(deriveVersions(c)).toEqual(c.versions);
  });
});
