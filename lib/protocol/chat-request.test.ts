import { describe, expect, it } from 'vitest';
import { parseChatRequest } from './chat-request';

const base = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };

describe('parseChatRequest', () => {
  it('accepts the documented body', () => {
    const result = parseChatRequest({
      ...base,
      messages: [
        { role: 'developer', content: 'sys' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', content: '42', tool_call_id: 'c1' },
      ],
      max_tokens: 5,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['a', 'b'],
      reasoning_effort: 'xhigh',
    });
    expect(result.ok).toBe(true);
  });

  it('names an unknown top-level field', () => {
    expect(parseChatRequest({ ...base, temprature: 1 })).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'unknown_parameter',
        param: 'temprature',
        message: "Unknown parameter: 'temprature'",
      },
    });
  });

  it('names an unknown nested field with its path', () => {
    const result = parseChatRequest({
      ...base,
      messages: [{ role: 'user', content: 'x', colour: 'red' }],
    });
    expect(result.ok || result.error.param).toBe('messages.0.colour');
  });

  it.each([
    [{ ...base, temperature: 3 }, 'temperature'],
    [{ ...base, top_p: -1 }, 'top_p'],
    [{ ...base, max_tokens: 0 }, 'max_tokens'],
    [{ ...base, stop: ['1', '2', '3', '4', '5'] }, 'stop'],
    [{ ...base, reasoning_effort: 'extreme' }, 'reasoning_effort'],
    [{ model: 'm' }, 'messages'],
    [{ messages: base.messages }, 'model'],
  ])('refuses invalid values (%#)', (body, param) => {
    const result = parseChatRequest(body);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_request');
      expect(result.error.param).toBe(param);
    }
  });

  it('takes a prompt instead of messages', () => {
    expect(parseChatRequest({ model: 'm', prompt: 'Once' }).ok).toBe(true);
  });
});
