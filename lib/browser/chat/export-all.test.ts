import { describe, expect, it } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { allExportFileName, conversationsToJson, conversationsToMarkdown } from './export-all';
import { createAssistantMessage, type AssistantMessage } from './message';

describe('exporting every conversation', () => {
  const a = { ...createConversation('a', 'm', 1), title: 'First' };
  const b = { ...createConversation('b', 'm', 2), title: 'Second' };

  it('writes one JSON file with each conversation whole', () => {
    const file = JSON.parse(conversationsToJson([a, b])) as {
      format: string;
      conversations: unknown[];
    };
    expect(file.format).toBe('runnel.conversations');
    expect(file.conversations).toEqual([a, b]);
  });

  it('carries no capability: request ids, resume tokens, event ids and provider sessions go', () => {
    const usage = { prompt_tokens: 11, completion_tokens: 22, total_tokens: 33 };
    const live = {
      ...createAssistantMessage('a1', 'm', 3),
      content: 'partial answer',
      reasoning: 'thinking it over',
      usage,
      requestId: 'chat_secret-request-id',
      resumeToken: 'secret-resume-token-0123456789',
      lastEventId: 7,
      session: { id: 'provider-session-secret', messages: 3, system: '' },
    };
    const c = { ...b, messages: [...b.messages, live] };
    const json = conversationsToJson([a, c]);
    for (const secret of [
      'chat_secret-request-id',
      'secret-resume-token-0123456789',
      'provider-session-secret',
    ])
      expect(json).not.toContain(secret);
    const file = JSON.parse(json) as { conversations: Conversation[] };
    const exported = file.conversations[1]?.messages.at(-1) as AssistantMessage;
    expect(exported).not.toHaveProperty('requestId');
    expect(exported).not.toHaveProperty('resumeToken');
    expect(exported).not.toHaveProperty('lastEventId');
    expect(exported).not.toHaveProperty('session');
    // The record is all still there.
    expect(exported.content).toBe('partial answer');
    expect(exported.reasoning).toBe('thinking it over');
    expect(exported.usage).toEqual(usage);
    // The caller's conversations are left as they were.
    expect(live.requestId).toBe('chat_secret-request-id');
  });

  it('writes one Markdown file with each conversation under its title', () => {
    const md = conversationsToMarkdown([a, b]);
    expect(md.indexOf('First')).toBeLessThan(md.indexOf('Second'));
    expect(md).toContain('\n---\n');
  });

  it('names the file by the day', () => {
    expect(allExportFileName('json', new Date('2026-03-04T10:00:00Z'))).toBe(
      'runnel-chats-2026-03-04.json',
    );
  });
});
