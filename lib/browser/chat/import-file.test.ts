import { describe, expect, it } from 'vitest';
import { createConversation, type Conversation } from './conversation';
import { conversationToJson } from './export';
import { conversationsToJson } from './export-all';
import { parseConversationExport, parseExportFile } from './import-file';
import { createAssistantMessage, type AssistantMessage } from './message';
import { branchAt } from './versions';

function sample(): Conversation {
  const base: Conversation = {
    ...createConversation('c1', 'vllm:chat', 10),
    title: 'Trip',
    pinned: true,
    messages: [
      { id: 'u1', role: 'user', content: 'Plan a trip', createdAt: 11 },
      { ...createAssistantMessage('a1', 'vllm:chat', 12), content: 'Day one…', status: 'complete' },
    ],
  };
  return branchAt(
    base,
    1,
    [
      {
        ...createAssistantMessage('a2', 'vllm:chat', 13),
        content: 'Another plan',
        status: 'complete',
      },
    ],
    13,
  );
}

describe('importing an exported conversation', () => {
  it('round-trips the JSON export, versions included', () => {
    const c = sample();
    expect(parseConversationExport(conversationToJson(c))).toEqual({ ok: true, conversation: c });
  });

  it('an answer exported mid-stream comes back cut off, without its provider session', () => {
    const c = sample();
    c.messages[1] = {
      ...(c.messages[1] as AssistantMessage),
      status: 'streaming',
      session: { id: 's', messages: 2, system: '' },
    };
    const read = parseConversationExport(conversationToJson(c));
    if (!read.ok) throw new Error(read.error);
    expect(read.conversation.messages[1]).toMatchObject({ status: 'incomplete' });
    expect(read.conversation.messages[1]).not.toHaveProperty('session');
  });

  it('says what is wrong with a bad file', () => {
    expect(parseConversationExport('nope')).toEqual({ ok: false, error: 'The file is not JSON.' });
    expect(parseConversationExport('{"a":1}')).toEqual({
      ok: false,
      error: 'The file is not a Runnel conversation export.',
    });
    expect(parseConversationExport('{"format":"runnel.conversation","version":7}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('newer Runnel'),
    });
    expect(
      parseConversationExport(
        '{"format":"runnel.conversation","version":1,"conversation":{"id":"x"}}',
      ),
    ).toEqual({ ok: false, error: 'The conversation in the file is damaged: it has no messages.' });
  });

  it('refuses a file with a field of the wrong type, or a remote image, saying what is wrong', () => {
    const file = (mutate: (c: Record<string, unknown>) => void) => {
      const json = JSON.parse(conversationToJson(sample())) as {
        conversation: Record<string, unknown>;
      };
      mutate(json.conversation);
      return JSON.stringify(json);
    };
    const messages = (c: Record<string, unknown>) => c.messages as Record<string, unknown>[];
    const cases: [string, (c: Record<string, unknown>) => void, RegExp][] = [
      ['attachments {}', (c) => (messages(c)[0]!.attachments = {}), /message 1 .*attachments/],
      ['toolCalls "x"', (c) => (messages(c)[1]!.toolCalls = 'x'), /message 2 .*toolCalls/],
      [
        'a remote image',
        (c) =>
          (messages(c)[0]!.attachments = [
            {
              kind: 'image',
              name: 'x.png',
              dataUrl: 'https://evil.test/x.png',
              width: 1,
              height: 1,
            },
          ]),
        /x\.png.*not an inline/,
      ],
      ['usage "lots"', (c) => (messages(c)[1]!.usage = 'lots'), /message 2 .*usage/],
      [
        'a hidden message without text',
        (c) => {
          const hidden = c.hidden as Record<string, { message: Record<string, unknown> }>;
          delete Object.values(hidden)[0]!.message.content;
        },
        /hidden message .* has no text/,
      ],
    ];
    for (const [, mutate, said] of cases) {
      const read = parseConversationExport(file(mutate));
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error).toMatch(said);
    }
    // Inline images are fine.
    const withImage = parseConversationExport(
      file(
        (c) =>
          (messages(c)[0]!.attachments = [
            {
              kind: 'image',
              name: 'x.png',
              dataUrl: 'data:image/png;base64,iVBO',
              width: 1,
              height: 1,
            },
          ]),
      ),
    );
    expect(withImage.ok).toBe(true);
  });
});

describe('importing the export of every conversation', () => {
  it('reads all of them, or none when one is damaged, naming which', () => {
    const first = sample();
    const second = { ...sample(), id: 'c2', title: 'Recipes' };
    const all = conversationsToJson([first, second]);
    expect(parseExportFile(all)).toEqual({ ok: true, conversations: [first, second] });

    const json = JSON.parse(all) as { conversations: Record<string, unknown>[] };
    (json.conversations[1]!.messages as Record<string, unknown>[])[1]!.feedback = 'meh';
    expect(parseExportFile(JSON.stringify(json))).toEqual({
      ok: false,
      error:
        'Conversation 2 (“Recipes”) in the file is damaged: message 2 has a malformed feedback.',
    });
    expect(
      parseExportFile('{"format":"runnel.conversations","version":1,"conversations":[]}'),
    ).toEqual({ ok: false, error: 'The file has no conversations.' });
  });

  it('is not taken for a single conversation where one is expected', () => {
    expect(parseConversationExport(conversationsToJson([sample(), sample()]))).toEqual({
      ok: false,
      error: 'The file holds several conversations, not one.',
    });
  });
});
