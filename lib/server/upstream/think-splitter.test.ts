import { describe, expect, it } from 'vitest';
import { createThinkSplitter, type OutputPiece } from './think-splitter';

function run(chunks: string[]): { reasoning: string; content: string; pieces: OutputPiece[] } {
  const splitter = createThinkSplitter();
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
