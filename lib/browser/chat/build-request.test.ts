import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from '../../protocol/chat-request';
import { buildAnswerRequest, buildContinueRequest } from './build-request';
import { DEFAULT_SETTINGS } from './conversation';
import { createAssistantMessage, type Message } from './message';

const history: Message[] = [
  { id: 'u1', role: 'user', content: 'Hi', createdAt: 1 },
  {
    ...createAssistantMessage('a1', 'm', 2),
    content: 'Hello!',
    reasoning: 'greet',
    status: 'complete',
  },
  { ...createAssistantMessage('a2', 'm', 3), content: '', status: 'error' },
  { id: 'u2', role: 'user', content: 'Tell a story', createdAt: 4 },
];

describe('buildAnswerRequest', () => {
  it('sends history without reasoning or empty failed answers, plus the system prompt', () => {
    const body = buildAnswerRequest(
      history,
      { ...DEFAULT_SETTINGS, systemPrompt: 'Be kind.' },
      { id: 'vllm:chat', kind: 'chat' },
    );
    expect(body).toEqual({
      model: 'vllm:chat',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Tell a story' },
      ],
    });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends only the settings that differ from the model default; effort only for reasoning models', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      temperature: 0.2,
      maxTokens: 64,
      reasoningEffort: 'low' as const,
    };
    expect(
      buildAnswerRequest(history, settings, { id: 'r', kind: 'chat', reasoning: true }),
    ).toMatchObject({
      temperature: 0.2,
      max_tokens: 64,
      reasoning_effort: 'low',
    });
    expect(buildAnswerRequest(history, settings, { id: 'c', kind: 'chat' })).not.toHaveProperty(
      'reasoning_effort',
    );
  });

  it('text-completion models get the last prompt alone', () => {
    const body = buildAnswerRequest(history, DEFAULT_SETTINGS, {
      id: 'acs:completion',
      kind: 'completion',
    });
    expect(body).toEqual({ model: 'acs:completion', prompt: 'Tell a story' });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('buildContinueRequest', () => {
  const partial = {
    ...createAssistantMessage('a3', 'm', 5),
    content: 'Once upon a time',
    status: 'length' as const,
  };

  it('chat: the partial answer goes last with the continue flags', () => {
    const body = buildContinueRequest(history, partial, DEFAULT_SETTINGS, {
      id: 'vllm:length',
      kind: 'chat',
    });
    expect(body.messages?.at(-1)).toEqual({ role: 'assistant', content: 'Once upon a time' });
    expect(body).toMatchObject({ continue_final_message: true, add_generation_prompt: false });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('completion: the prompt is resumed after the partial text', () => {
    const body = buildContinueRequest(history, partial, DEFAULT_SETTINGS, {
      id: 'acs:completion',
      kind: 'completion',
    });
    expect(body).toEqual({ model: 'acs:completion', prompt: 'Tell a storyOnce upon a time' });
  });
});

describe('attachments', () => {
  const withFiles: Message[] = [
    {
      id: 'u1',
      role: 'user',
      content: 'Compare',
      createdAt: 1,
      attachments: [
        { kind: 'text', name: 'a.py', text: 'print(1)', language: 'python', tokens: 6 },
        { kind: 'image', name: 'b.png', dataUrl: 'data:image/png;base64,AA', width: 2, height: 2 },
      ],
    },
  ];

  it('become a fenced file and an image_url part that the request schema accepts', () => {
    const body = buildAnswerRequest(withFiles, DEFAULT_SETTINGS, { id: 'v', kind: 'chat' });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare\n\na.py:\n```python\nprint(1)\n```' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } },
        ],
      },
    ]);
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('give a completion model the text files only', () => {
    const body = buildAnswerRequest(withFiles, DEFAULT_SETTINGS, { id: 'c', kind: 'completion' });
    expect(body.prompt).toBe('Compare\n\na.py:\n```python\nprint(1)\n```');
  });
});
