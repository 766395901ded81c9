import { describe, expect, it } from 'vitest';
import { createThinkSplitter, type OutputPiece } from './think-splitter';

function run(
  chunks: string[],
  startsInside = false,
): { reasoning: string; content: string; pieces: OutputPiece[] } {
  const splitter = createThinkSplitter(startsInside);
  const pieces = [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
  const join = (kind: OutputPiece['kind']) =>
    pieces
      .filter((p) => p.kind === kind)
      .map((p) => p.text)
      .join('');
  return { reasoning: join('reasoning'), content: join('content'), pieces };
}

/** Every way to cut `text` into two chunks, plus one character per chunk. */
function cuts(text: string): string[][] {
  const out = [[text], [...text]];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

describe('createThinkSplitter', () => {
  const stream =
    '<think>\nStep one. 1 < 2 and a </thin fake.\n</think>\n\nThe answer is <b>42</b>.';

  it.each(cuts(stream))(
    'splits reasoning from content however the text is cut (%#)',
    (...chunks) => {
      const { reasoning, content } = run(chunks);
      expect(reasoning).toBe('\nStep one. 1 < 2 and a </thin fake.\n');
      expect(content).toBe('The answer is <b>42</b>.');
    },
  );

  it('leaves answers without tags alone, leading whitespace included', () => {
    expect(run(['  Hello', ' <think> is a tag name']).content).toBe(
      '  Hello <think> is a tag name',
    );
  });

  it('does not treat a tag mentioned mid-answer as reasoning', () => {
    const { reasoning, content } = run(['Use ', '<think>', ' tags']);
    expect(reasoning).toBe('');
    expect(content).toBe('Use <think> tags');
  });

  it('keeps an unfinished think block as reasoning when the stream ends', () => {
    expect(run(['<think>half a thou', 'ght']).reasoning).toBe('half a thought');
  });

  it('releases a held partial tag that never completed', () => {
    expect(run(['<th']).content).toBe('<th');
  });

  it('never emits the same text twice', () => {
    const { pieces } = run(['<think>a', 'b</think>', 'c']);
    expect(pieces.map((p) => p.text).join('')).toBe('abc');
  });
});

describe('createThinkSplitter, the template having opened the thought (startsInside)', () => {
  const stream = 'Okay, 2 + 2. </thin is not a tag.\n</think>\n\n4, and <think> stays text.';

  it.each(cuts(stream))('reasoning up to `</think>`, then the answer (%#)', (...chunks) => {
    const { reasoning, content } = run(chunks, true);
    expect(reasoning).toBe('Okay, 2 + 2. </thin is not a tag.\n');
    expect(content).toBe('4, and <think> stays text.');
  });

  it.each(cuts('\n<think>\nHmm.</think>Yes.'))(
    'drops a `<think>` the model writes anyway (%#)',
    (...chunks) => {
      const { reasoning, content } = run(chunks, true);
      expect(reasoning).toBe('\nHmm.');
      expect(content).toBe('Yes.');
    },
  );

  it('keeps output that never closes the thought as reasoning, as vLLM’s parsers do', () => {
    expect(run(['Still thinking', ' when cut'], true)).toMatchObject({
      reasoning: 'Still thinking when cut',
      content: '',
    });
  });

  it('leaves content alone once the backend sent reasoning in a field of its own', () => {
    const splitter = createThinkSplitter(true);
    splitter.parsed();
    expect([...splitter.push('The answer.'), ...splitter.flush()]).toEqual([
      { kind: 'content', text: 'The answer.' },
    ]);
  });
});
