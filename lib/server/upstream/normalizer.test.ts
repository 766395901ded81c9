import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { createNormalizer, type NormalizerOptions } from './normalizer';

/** Feeds JSON data frames (objects are stringified) and, unless `end` is false, the stream's end. */
function run(
  frames: (object | string)[],
  options: NormalizerOptions = {},
  end = true,
): RunnelEvent[] {
  const normalizer = createNormalizer(options);
  const events: RunnelEvent[] = [];
  for (const frame of frames) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    events.push(...normalizer.push({ type: 'data', data }));
  }
  if (end) events.push(...normalizer.end());
  return events;
}

const delta = (d: object, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});
const content = (text: string) => delta({ content: text });

describe('frames that are JSON but not a chunk object', () => {
  it.each([['42'], ['"text"'], ['[1,2]'], ['null'], ['true']])(
    '%s fails the answer with protocol_error, keeping what came before',
    (frame) => {
      expect(run([content('Partial'), frame, content('never shown'), '[DONE]'])).toEqual([
        { type: 'content', text: 'Partial' },
        {
          type: 'error',
          error: {
            code: 'protocol_error',
            message: 'The backend sent a frame that is not a JSON object',
          },
        },
      ]);
    },
  );
});

describe("tAI's bracketed notice (tai preset): held back, then released when it was not the end", () => {
  const TAI = { bracketedNotice: true };

  it('is released as content when more content follows', () => {
    expect(
      run([content('[citation needed]'), content(' is a common note.'), '[DONE]'], TAI),
    ).toEqual([
      { type: 'content', text: '[citation needed]' },
      { type: 'content', text: ' is a common note.' },
      { type: 'done' },
    ]);
  });

  it('is released as content, before the reasoning, when reasoning follows', () => {
    expect(run([content('[draft]'), delta({ reasoning: 'Hmm.' }), '[DONE]'], TAI)).toEqual([
      { type: 'content', text: '[draft]' },
      { type: 'reasoning', text: 'Hmm.' },
      { type: 'done' },
    ]);
  });

  it('is released as content when the stream is cut off, before incomplete_stream', () => {
    const events = run([content('Answer '), content('[see below]')], TAI);
    expect(events.map((e) => (e.type === 'error' ? e.error.code : e))).toEqual([
      { type: 'content', text: 'Answer ' },
      { type: 'content', text: '[see below]' },
      'incomplete_stream',
    ]);
  });

  it('is released as content before an error frame', () => {
    const events = run([content('[see note]'), { error: { message: 'boom' } }], TAI);
    expect(events.map((e) => (e.type === 'error' ? e.error.code : e))).toEqual([
      { type: 'content', text: '[see note]' },
      'upstream_error',
    ]);
  });

  it('is the failure notice when the answer finishes right after it', () => {
    expect(run([content('1, 2'), content('[Bir sorun oluştu.]'), delta({}, 'stop')], TAI)).toEqual([
      { type: 'content', text: '1, 2' },
      { type: 'error', error: { code: 'provider_notice', message: 'Bir sorun oluştu.' } },
    ]);
  });
});

describe('how an answer ended, when `[DONE]` follows', () => {
  it("OpenRouter's `finish_reason: error` without an error object fails the answer", () => {
    expect(run([content('Half'), delta({}, 'error'), '[DONE]'])).toEqual([
      { type: 'content', text: 'Half' },
      {
        type: 'error',
        error: { code: 'upstream_error', message: 'The backend failed while answering' },
      },
    ]);
  });

  it('any other finish reason is passed on as it came, even one named like an object property', () => {
    for (const reason of ['content_filter', 'constructor', 'toString']) {
      expect(run([content('A'), delta({}, reason), '[DONE]'])).toEqual([
        { type: 'content', text: 'A' },
        { type: 'finish', reason },
        { type: 'done' },
      ]);
    }
  });

  it('an answer of reasoning alone, or of a tool call, that ends without a finish reason is done', () => {
    expect(run([delta({ reasoning: 'Thinking' }), '[DONE]']).at(-1)).toEqual({ type: 'done' });
    const call = { index: 0, id: 'c1', function: { name: 'f', arguments: '{}' } };
    expect(run([delta({ tool_calls: [call] }), '[DONE]']).at(-1)).toEqual({ type: 'done' });
  });

  it('an empty answer with a finish reason is a finished empty answer', () => {
    expect(run([delta({ role: 'assistant', content: '' }, 'stop'), '[DONE]'])).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'done' },
    ]);
  });
});

describe('a model whose template opens the thought (thinkPrefilled)', () => {
  const types = (events: RunnelEvent[]) =>
    events.map((e) => `${e.type}:${'text' in e ? e.text : ''}`);

  it('without a reasoning parser: reasoning up to `</think>`, then the answer', () => {
    const events = run(
      [content('Two and two.'), content('</think>\n\n4'), delta({}, 'stop'), '[DONE]'],
      {
        thinkPrefilled: true,
      },
    );
    expect(types(events)).toEqual(['reasoning:Two and two.', 'content:4', 'finish:', 'done:']);
  });

  it('with a reasoning parser (a reasoning field first): its content is the answer', () => {
    const events = run(
      [delta({ reasoning_content: 'Two and two.' }), content('4'), delta({}, 'stop'), '[DONE]'],
      { thinkPrefilled: true },
    );
    expect(types(events)).toEqual(['reasoning:Two and two.', 'content:4', 'finish:', 'done:']);
  });

  it('a continuation goes on from the answer, not from a thought', () => {
    const events = run([content(' and so on.'), delta({}, 'stop'), '[DONE]'], {
      thinkPrefilled: true,
      prefill: 'It is 4',
    });
    expect(types(events)).toEqual(['content: and so on.', 'finish:', 'done:']);
  });
});

describe('frames with nothing, or with a failure in plain text', () => {
  it('skips an empty `data:` frame', () => {
    expect(run([content('A'), '', '  ', delta({}, 'stop'), '[DONE]'])).toEqual([
      { type: 'content', text: 'A' },
      { type: 'finish', reason: 'stop' },
      { type: 'done' },
    ]);
  });

  it('reads an `event: error` frame in plain text as the backend’s failure, in its words', () => {
    const normalizer = createNormalizer();
    expect(normalizer.push({ type: 'data', data: 'Model overloaded', event: 'error' })).toEqual([
      { type: 'error', error: { code: 'upstream_error', message: 'Model overloaded' } },
    ]);
  });

  it('fails a frame too large to read, keeping what came before', () => {
    const normalizer = createNormalizer();
    const events = [
      ...normalizer.push({ type: 'data', data: JSON.stringify(content('Partial')) }),
      ...normalizer.push({ type: 'overflow' }),
    ];
    expect(events).toEqual([
      { type: 'content', text: 'Partial' },
      {
        type: 'error',
        error: { code: 'protocol_error', message: 'The backend sent a frame too large to read' },
      },
    ]);
    expect(normalizer.finished).toBe(true);
  });
});
