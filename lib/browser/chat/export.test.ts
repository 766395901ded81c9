import { describe, expect, it } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { conversationToJson, conversationToMarkdown, exportFileName } from './export';
import { createAssistantMessage } from './message';
import { branchAt } from './versions';

function sample(): Conversation {
  const c = createConversation('c1', 'vllm:reasoning', 1);
  const done = {
    ...createAssistantMessage('a1', 'vllm:reasoning', 2),
    status: 'complete' as const,
    content: 'It is **42**.',
    reasoning: 'Use ```math```.',
  };
  const failed = {
    ...createAssistantMessage('a2', 'vllm:reasoning', 4),
    status: 'error' as const,
    content: 'Let me start',
    error: { code: 'upstream_error', message: 'CUDA error' },
  };
  return {
    ...c,
    title: 'Life, the universe & everything?',
    settings: { ...c.settings, systemPrompt: 'Be brief.' },
    messages: [
      { id: 'u1', role: 'user', content: 'What is 6 × 7?', createdAt: 1 },
      done,
      { id: 'u2', role: 'user', content: 'More', createdAt: 3 },
      failed,
    ],
  };
}

describe('export', () => {
  it('Markdown has the turns, reasoning in details, and honest end states', () => {
    const md = conversationToMarkdown(sample());
    expect(md).toContain('# Life, the universe & everything?');
    expect(md).toContain('## User\n\nWhat is 6 × 7?');
    expect(md).toContain('## Assistant (vllm:reasoning)');
    expect(md).toContain('<details><summary>Reasoning</summary>');
    // The fence is longer than the backticks inside the reasoning.
    expect(md).toContain('````text\nUse ```math```.\n````');
    expect(md).toContain('It is **42**.');
    expect(md).toContain('_(Answer failed: CUDA error.)_');
    expect(md).toContain('```text\nBe brief.\n```');
  });

  it('JSON round-trips the conversation with a format marker', () => {
    const parsed = JSON.parse(conversationToJson(sample())) as {
      format: string;
      version: number;
      conversation: Conversation;
    };
    expect(parsed.format).toBe('runnel.conversation');
    expect(parsed.version).toBe(1);
    expect(parsed.conversation).toEqual(sample());
  });

  it('JSON carries no capability: no request ids, resume tokens or provider session ids', () => {
    const c = sample();
    const streaming = {
      ...createAssistantMessage('a9', 'vllm:reasoning', 9),
      content: 'partial',
      requestId: 'chat_secret-request-id',
      resumeToken: 'secret-resume-token-0123456789',
      lastEventId: 7,
      session: { id: 'provider-session-secret', messages: 3, system: '' },
    };
    const withLive = branchAt({ ...c, messages: [...c.messages, streaming] }, 3, [], 10);
    for (const conversation of [{ ...c, messages: [...c.messages, streaming] }, withLive]) {
      const json = conversationToJson(conversation);
      for (const secret of [
        'chat_secret-request-id',
        'secret-resume-token-0123456789',
        'provider-session-secret',
      ])
        expect(json).not.toContain(secret);
    }
    // The text is all still there.
    expect(conversationToJson({ ...c, messages: [...c.messages, streaming] })).toContain('partial');
    expect(conversationToJson(withLive)).toContain('partial');
  });

  it('Markdown says which version of a message it shows; JSON keeps every version', () => {
    const c = sample();
    const redo = {
      ...createAssistantMessage('a3', 'vllm:reasoning', 5),
      status: 'complete' as const,
      content: 'Second try',
    };
    const branched = branchAt(c, 3, [redo], 6);
    const md = conversationToMarkdown(branched);
    expect(md).toContain('## Assistant (vllm:reasoning) — version 2 of 2\n\nSecond try');
    expect(md).not.toContain('CUDA error');
    const json = JSON.parse(conversationToJson(branched)) as { conversation: Conversation };
    expect(json.conversation.hidden?.a2?.message.content).toBe('Let me start');
  });

  it('file names are safe', () => {
    expect(exportFileName(sample(), 'md')).toBe('life-the-universe-everything.md');
    expect(exportFileName({ ...sample(), title: '???' }, 'json')).toBe('conversation.json');
  });
});

describe('conversationToMarkdown with attachments', () => {
  it('inlines text files and names images', () => {
    const c = createConversation('c1', 'vllm:vision', 0);
    c.messages.push({
      id: 'u1',
      role: 'user',
      content: 'Look',
      createdAt: 0,
      attachments: [
        { kind: 'text', name: 'a.txt', text: 'hello', language: '', tokens: 2 },
        {
          kind: 'image',
          name: 'cat.png',
          dataUrl: 'data:image/png;base64,AA',
          width: 1,
          height: 1,
        },
      ],
    });
    const md = conversationToMarkdown(c);
    expect(md).toContain('Look\n\na.txt:\n```\nhello\n```');
    expect(md).toContain('_(Images: cat.png.)_');
    expect(md).not.toContain('base64');
  });
});
