import { describe, expect, it } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import type { Message } from './message';
import { searchConversations } from './search';
import { branchAt } from './versions';

const msg = (id: string, content: string): Message => ({ id, role: 'user', content, createdAt: 1 });
const conv = (id: string, title: string, ...texts: string[]): Conversation => ({
  ...createConversation(id, 'm', 1),
  title,
  messages: texts.map((t, i) => msg(`${id}-${i}`, t)),
});

describe('search', () => {
  const all = [
    conv('a', 'Lisbon trip', 'Plan three days in Lisbon'),
    conv('b', 'Networking', 'What is the difference between TCP and UDP for streaming video?'),
    conv('c', 'Hamlet', 'Summarise the plot'),
  ];

  it('matches titles and message text, case-insensitively, every word, in the given order', () => {
    expect(searchConversations(all, 'lisbon').map((h) => h.id)).toEqual(['a']);
    expect(searchConversations(all, 'UDP').map((h) => h.id)).toEqual(['b']);
    expect(searchConversations(all, 'the')).toEqual([
      { id: 'b', snippet: expect.stringContaining('the difference') },
      { id: 'c', snippet: 'Summarise the plot' },
    ]);
    expect(searchConversations(all, 'tcp video').map((h) => h.id)).toEqual(['b']);
    expect(searchConversations(all, 'tcp hamlet')).toEqual([]);
  });

  it('a title match needs no snippet; a message match shows where', () => {
    expect(searchConversations(all, 'hamlet')).toEqual([{ id: 'c' }]);
    const [hit] = searchConversations(all, 'streaming');
    expect(hit!.snippet).toBe('…between TCP and UDP for streaming video?');
  });

  it('finds text in earlier versions too, and sees a changed conversation', () => {
    const edited = branchAt(all[2]!, 0, [msg('c-new', 'Summarise Macbeth')], 5);
    expect(searchConversations([edited], 'plot').map((h) => h.id)).toEqual(['c']);
    expect(searchConversations([edited], 'macbeth').map((h) => h.id)).toEqual(['c']);
  });

  it('makes excerpts for the hits shown only', () => {
    expect(searchConversations(all, 'the', 1)).toEqual([
      { id: 'b', snippet: expect.stringContaining('the difference') },
      { id: 'c' },
    ]);
  });

  it('an empty query lists everything', () => {
    expect(searchConversations(all, '  ').map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });
});
