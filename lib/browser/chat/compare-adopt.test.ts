import { describe, expect, it } from 'vitest';
import { createConversation } from './conversation';
import { adoptComparison } from './compare-adopt';
import { createAssistantMessage, type UserMessage } from './message';
import { showVersion, versionsAt } from './versions';

const question: UserMessage = { id: 'q', role: 'user', content: 'Which?', createdAt: 10 };
const answers = ['a1', 'a2', 'a3'].map((id, i) => ({
  ...createAssistantMessage(id, `m${i + 1}`, 11 + i),
  content: `answer ${id}`,
  status: 'complete' as const,
}));

describe('adoptComparison', () => {
  it('shows the chosen answer and keeps the others as versions of that turn', () => {
    const c = adoptComparison(createConversation('c', 'm1', 1), question, answers, 'a2', 20);
    expect(c.messages.map((m) => m.id)).toEqual(['q', 'a2']);
    expect(c.model).toBe('m2');
    expect(versionsAt(c, 1)).toEqual({ ids: ['a1', 'a2', 'a3'], position: 1 });
    expect(Object.keys(c.hidden ?? {}).sort()).toEqual(['a1', 'a3']);
    // The switcher brings another back, and the chosen one goes into hiding in its place.
    const other = showVersion(c, 1, 'a3', 30);
    expect(other.messages.map((m) => m.id)).toEqual(['q', 'a3']);
    expect(Object.keys(other.hidden ?? {}).sort()).toEqual(['a1', 'a2']);
  });

  it('continues an existing conversation after its shown path', () => {
    const before = {
      ...createConversation('c', 'm1', 1),
      messages: [{ id: 'u0', role: 'user' as const, content: 'hi', createdAt: 2 }],
    };
    const c = adoptComparison(before, question, answers, 'a1', 20);
    expect(c.messages.map((m) => m.id)).toEqual(['u0', 'q', 'a1']);
    expect(c.versions).toEqual({ q: ['a1', 'a2', 'a3'] });
  });

  it('changes nothing for an answer that is not one of them', () => {
    const c = createConversation('c', 'm1', 1);
    expect(adoptComparison(c, question, answers, 'nope', 20)).toBe(c);
  });
});
