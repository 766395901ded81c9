import { describe, expect, it } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { mergeConversations } from './conversation-merge';
import { createAssistantMessage, type AssistantMessage, type Message } from './message';
import { branchAt } from './versions';

const user = (id: string, t: number): Message => ({ id, role: 'user', content: id, createdAt: t });
const answer = (
  id: string,
  t: number,
  extra: Partial<AssistantMessage> = {},
): AssistantMessage => ({
  ...createAssistantMessage(id, 'm', t),
  content: id,
  status: 'complete',
  ...extra,
});
const ids = (c: Conversation) => c.messages.map((m) => m.id);
const base = (): Conversation => ({
  ...createConversation('c', 'm', 0),
  messages: [user('u1', 1), answer('a1', 2)],
});

describe('merging two tabs’ copies of a conversation', () => {
  it('a turn the other tab added after the end of this one’s path is appended', () => {
    const mine = base();
    const theirs = { ...base(), messages: [...base().messages, user('u2', 3), answer('a2', 4)] };
    const merged = mergeConversations(mine, theirs, 9);
    expect(ids(merged)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(merged.hidden).toEqual({});
  });

  it('two turns written at once after the same message become two versions: none is lost', () => {
    const mine = { ...base(), messages: [...base().messages, user('x', 3), answer('xa', 4)] };
    const theirs = { ...base(), messages: [...base().messages, user('y', 5), answer('ya', 6)] };
    const merged = mergeConversations(mine, theirs, 9);
    expect(ids(merged)).toEqual(['u1', 'a1', 'x', 'xa']);
    expect(merged.versions).toEqual({ a1: ['x', 'y'] });
    expect(Object.keys(merged.hidden!).sort()).toEqual(['y', 'ya']);
    // And the other way round, the other tab keeps showing its own.
    const mirrored = mergeConversations(theirs, mine, 9);
    expect(ids(mirrored)).toEqual(['u1', 'a1', 'y', 'ya']);
    expect(mirrored.versions).toEqual({ a1: ['x', 'y'] });
  });

  it('of two copies of one answer, the one with more changes wins either way round', () => {
    const stale = {
      ...base(),
      messages: [user('u1', 1), answer('a1', 2, { content: 'a', rev: 3, status: 'streaming' })],
    };
    const fresh = {
      ...base(),
      messages: [user('u1', 1), answer('a1', 2, { content: 'a b c', rev: 9 })],
    };
    expect(mergeConversations(stale, fresh, 9).messages[1]).toBe(fresh.messages[1]);
    expect(mergeConversations(fresh, stale, 9)).toBe(fresh);
  });

  it('thumbs given later are kept, even on the copy of the answer with fewer changes', () => {
    const rated = {
      ...base(),
      messages: [user('u1', 1), answer('a1', 2, { rev: 3, feedback: 'up', feedbackAt: 50 })],
    };
    const server = { ...base(), messages: [user('u1', 1), answer('a1', 2, { rev: 1_000_002 })] };
    for (const merged of [
      mergeConversations(rated, server, 9),
      mergeConversations(server, rated, 9),
    ]) {
      expect(merged.messages[1]).toMatchObject({ rev: 1_000_002, feedback: 'up', feedbackAt: 50 });
    }
    // Taken back later elsewhere: the later choice wins.
    const undone = {
      ...base(),
      messages: [user('u1', 1), answer('a1', 2, { rev: 4, feedbackAt: 60 })],
    };
    expect(mergeConversations(rated, undone, 9).messages[1]).not.toHaveProperty('feedback');
  });

  it('an answer another tab ended wins over this tab marking it cut off at the same count', () => {
    const ended = answer('a1', 2, { content: 'a b', rev: 5 });
    const cutOff = answer('a1', 2, {
      content: 'a b',
      rev: 5,
      status: 'incomplete',
      interruption: 'reload',
    });
    const mine = { ...base(), messages: [user('u1', 1), cutOff] };
    const theirs = { ...base(), messages: [user('u1', 1), ended] };
    expect(mergeConversations(mine, theirs, 9).messages[1]).toBe(ended);
  });

  it('the later rename or pin wins; untouched fields stay', () => {
    const mine = { ...base(), title: 'Mine', changed: { title: 5 } };
    const theirs = {
      ...base(),
      title: 'Theirs',
      titleEdited: true,
      pinned: true,
      changed: { title: 7, pinned: 6 },
    };
    const merged = mergeConversations(mine, theirs, 9);
    expect(merged).toMatchObject({ title: 'Theirs', titleEdited: true, pinned: true });
    const older = mergeConversations({ ...mine, changed: { title: 8 } }, theirs, 9);
    expect(older.title).toBe('Mine');
  });

  it('with nothing new, the local object itself comes back (no re-render)', () => {
    const mine = base();
    expect(mergeConversations(mine, structuredClone(mine), 9)).toBe(mine);
  });

  it('a new version made in the other tab shows here, unless this tab wrote the turn it replaces', () => {
    const mine = base();
    const theirs = branchAt(base(), 1, [answer('a1b', 5)], 5);
    expect(ids(mergeConversations(mine, theirs, 9, () => true))).toEqual(['u1', 'a1b']);
    expect(ids(mergeConversations(mine, theirs, 9, (id) => id !== 'a1'))).toEqual(['u1', 'a1']);
    // A version this tab already knew (the other tab only switched to it) does not move this view.
    const switched = {
      ...theirs,
      messages: [user('u1', 1), answer('a1', 2)],
      hidden: { a1b: { parent: 'u1', hiddenAt: 6, message: theirs.messages[1]! } },
    };
    expect(ids(mergeConversations(theirs, switched, 9, () => true))).toEqual(['u1', 'a1b']);
  });

  it('messages taken back (a refused question) stay out, whichever copy still has them', () => {
    const saved = { ...base(), messages: [...base().messages, user('u2', 3), answer('a2', 4)] };
    const undone = { ...base(), removed: ['u2', 'a2'] };
    const merged = mergeConversations(undone, saved, 9);
    expect(ids(merged)).toEqual(['u1', 'a1']);
    expect(merged.hidden ?? {}).toEqual({});
    expect(ids(mergeConversations(saved, undone, 9))).toEqual(['u1', 'a1']);
  });
});
