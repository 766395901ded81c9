import { describe, expect, it } from 'vitest';
import { readConversation } from './stored-conversation';

/** A conversation as the first releases saved it: one line of messages, nothing else. */
const FIRST_RELEASE_RECORD = {
  id: 'c1',
  title: 'Old chat',
  createdAt: 100,
  updatedAt: 200,
  model: 'vllm:chat',
  settings: { systemPrompt: '', temperature: null, maxTokens: null, reasoningEffort: null },
  messages: [
    { id: 'u1', role: 'user', content: 'Hi', createdAt: 100 },
    {
      id: 'a1',
      role: 'assistant',
      model: 'vllm:chat',
      content: 'Hello',
      reasoning: '',
      status: 'complete',
      createdAt: 101,
      timing: { sentAt: 100 },
    },
  ],
};

describe('reading a stored conversation', () => {
  it('loads a record saved by the first releases as a single-path tree', () => {
    const read = readConversation(structuredClone(FIRST_RELEASE_RECORD));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.conversation).toEqual(FIRST_RELEASE_RECORD);
    expect(read.conversation.versions).toBeUndefined();
  });

  it('fills settings that are missing and keeps versions consistent with the messages', () => {
    const read = readConversation({
      ...FIRST_RELEASE_RECORD,
      settings: undefined,
      hidden: {
        a0: {
          parent: 'u1',
          hiddenAt: 5,
          message: { ...FIRST_RELEASE_RECORD.messages[1], id: 'a0', createdAt: 99 },
        },
        bad: { parent: 'u1', message: { id: 'bad' } },
      },
      versions: { u1: ['a0', 'a1', 'ghost'] },
    });
    if (!read.ok) throw new Error(read.error);
    expect(read.conversation.settings.systemPrompt).toBe('');
    expect(Object.keys(read.conversation.hidden!)).toEqual(['a0']);
    expect(read.conversation.versions).toEqual({ u1: ['a0', 'a1'] });
  });

  it('refuses what is not a conversation, saying why', () => {
    expect(readConversation(null)).toEqual({ ok: false, error: 'it is not an object' });
    expect(readConversation({ messages: [] })).toEqual({ ok: false, error: 'it has no id' });
    expect(readConversation({ id: 'x' })).toEqual({ ok: false, error: 'it has no messages' });
    expect(readConversation({ id: 'x', messages: [{ role: 'robot' }] })).toEqual({
      ok: false,
      error: 'some of its messages are malformed',
    });
  });
});
