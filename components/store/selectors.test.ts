import { describe, expect, it } from 'vitest';
import type { ChatActions } from '@/lib/browser/chat/chat-actions';
import type { ChatState } from '@/lib/browser/chat/chat-state';
import { createAssistantMessage, type Message } from '@/lib/browser/chat/message';
import { settledMessages } from './selectors';

const question: Message = { id: 'q', role: 'user', content: 'Why?', createdAt: 1 };
const answer = createAssistantMessage('a', 'm', 2);
const more = (text: string) => ({ ...answer, content: text });
/** The store with conversation `c` open, holding `messages`. */
const open = (messages: Message[], running = false) =>
  ({
    activeId: 'c',
    conversations: { c: { messages } },
    running: running ? { c: messages.at(-1)!.id } : {},
  }) as unknown as ChatState & ChatActions;

describe('settledMessages', () => {
  it('keeps the earlier list while the answer streams', () => {
    const kept = [question, answer];
    expect(settledMessages(kept, open([question, more('Be')]))).toBe(kept);
    expect(settledMessages(kept, open([question, more('Because')], true))).toBe(kept);
  });

  it('takes the new list once the answer ended, when a message is added or another conversation shows', () => {
    const kept = [question, answer];
    const ended = [question, { ...more('Because.'), status: 'complete' as const }];
    expect(settledMessages(kept, open(ended))).toBe(ended);
    const added = [question, answer, { ...question, id: 'q2' }];
    expect(settledMessages(kept, open(added))).toBe(added);
    const other = [
      { ...question, id: 'q3' },
      { ...answer, id: 'b' },
    ];
    expect(settledMessages(kept, open(other))).toBe(other);
  });
});
