import { describe, expect, it } from 'vitest';
import type { Token } from 'marked';
import { splitMarkdown } from './markdown-blocks';

/** Every math token in `source`, as `[display, text]`. */
function formulas(source: string): [boolean, string][] {
  const found: [boolean, string][] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const t of tokens) {
      if (t.type === 'math') found.push([t.display as boolean, t.text as string]);
      if ('tokens' in t && Array.isArray(t.tokens)) walk(t.tokens);
      if (t.type === 'list') walk((t as { items: Token[] }).items);
    }
  };
  for (const block of splitMarkdown(source).blocks) walk(block.tokens);
  return found;
}

describe('math in answers', () => {
  it('finds the four delimiters', () => {
    expect(formulas('Euler: $e^{i\\pi} + 1 = 0$.')).toEqual([[false, 'e^{i\\pi} + 1 = 0']]);
    expect(formulas('so \\(a^2\\) and \\[b^2\\] inline')).toEqual([
      [false, 'a^2'],
      [true, 'b^2'],
    ]);
    expect(formulas('Before\n\n$$\n\\int_0^1 x\\,dx\n$$\n\nAfter')).toEqual([
      [true, '\\int_0^1 x\\,dx'],
    ]);
    expect(formulas('\\[\nx = 1\n\\]')).toEqual([[true, 'x = 1']]);
    expect(formulas('text $$x_1$$ text')).toEqual([[true, 'x_1']]);
  });

  it('ends a paragraph before a display formula on its own line', () => {
    const { blocks } = splitMarkdown('The sum is\n$$\nS = n(n+1)/2\n$$\nas shown.');
    expect(blocks.map((b) => b.tokens[0]?.type)).toEqual(['paragraph', 'math', 'paragraph']);
  });

  it('leaves prices and loose dollars alone', () => {
    expect(formulas('It costs $5 and $10.')).toEqual([]);
    expect(formulas('Between $5 and $10 a month, or $ 3 $ today.')).toEqual([]);
    expect(formulas('Pay $20$30 later')).toEqual([]);
    expect(formulas('An escaped \\$x\\$ stays text.')).toEqual([]);
    expect(formulas('In code: `$x$`')).toEqual([]);
  });

  it('keeps an unfinished formula as text until it closes', () => {
    expect(formulas('Then $x^2 + ')).toEqual([]);
    expect(formulas('Then $x^2 + y$')).toEqual([[false, 'x^2 + y']]);
    expect(formulas('$$\n\\sum_i')).toEqual([]);
    expect(formulas('$$\n\\sum_i\n$$')).toEqual([[true, '\\sum_i']]);
  });

  it('does not reach across a blank line', () => {
    expect(formulas('$$\nx\n\nmore text')).toEqual([]);
  });

  it('\\( and \\[ close at their own delimiter, never at an opener of the same kind', () => {
    expect(formulas('so \\(x\\) is math')).toEqual([[false, 'x']]);
    // A formula is one paragraph at most.
    expect(formulas('so \\(x\n\ny\\) is not')).toEqual([]);
    // An unclosed opener is text; the next one starts the formula.
    expect(formulas('an unclosed \\( then \\(x\\)')).toEqual([[false, 'x']]);
    expect(formulas('an unclosed \\[ then \\[y\\]')).toEqual([[true, 'y']]);
    // `\\` (a TeX line break) before a bracket or parenthesis is no delimiter.
    expect(formulas('rows \\[a \\\\[2pt] b\\] and \\(c \\\\(d)\\)')).toEqual([
      [true, 'a \\\\[2pt] b'],
      [false, 'c \\\\(d)'],
    ]);
  });

  it('lexes many unclosed \\( in linear time (the last block is lexed again on every update)', () => {
    // Each unclosed opener scanned to the end of the paragraph: 20,000 of them before 400 kB of
    // text took 3.2 s here (and grows with the square); a scan stopping at the next opener, 40 ms.
    // The bound leaves room for a loaded machine, and is still a third of the old time.
    const source = `${'\\('.repeat(20_000)}${'and then some text. '.repeat(20_000)}`;
    const started = performance.now();
    const { blocks } = splitMarkdown(source);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(blocks).toHaveLength(1);
    expect(formulas(`${source}\\(x\\)`)).toEqual([[false, 'x']]);
  });

  it('lexes many display formulas or unclosed openers with no blank line between them in linear time', () => {
    // Each line cut the paragraph before it, and marked then scanned the rest of the paragraph
    // again for a setext heading (and an unclosed opener for its end): 20,000 such lines took
    // 3-13 s here, growing with the square; 30-130 ms now. The bound leaves room for a loaded
    // machine.
    const shapes = ['\\[ x', '$$ x', 'a\n\\[ x \\]', '\\[ x\n\\[ y \\]', '\\[ x\n# h'];
    for (const line of shapes) {
      const source = Array.from({ length: 20_000 }, () => line).join('\n');
      const started = performance.now();
      splitMarkdown(source);
      expect(performance.now() - started, JSON.stringify(line)).toBeLessThan(1000);
    }
  });

  it("reads formulas that follow each other line by line, and an unclosed one as its paragraph's text", () => {
    expect(formulas('a\n\\[ x \\]\nb\n\\[ y \\]')).toEqual([
      [true, 'x'],
      [true, 'y'],
    ]);
    const blocks = splitMarkdown('a\n\\[ x \\]\nb').blocks.map((b) => b.tokens[0]!.type);
    expect(blocks).toEqual(['paragraph', 'math', 'paragraph']);
    // An unclosed opener is text in its paragraph; a later line that opens another is no part of it.
    expect(splitMarkdown('a\n\\[ x\nb').blocks.map((b) => b.tokens[0]!.type)).toEqual([
      'paragraph',
    ]);
    expect(formulas('$$ x\n$$ y $$')).toEqual([[true, 'y']]);
    // A setext heading is still one, and a formula between its text and its line ends it.
    expect(splitMarkdown('Title\n---').blocks.map((b) => b.tokens[0]!.type)).toEqual(['heading']);
    expect(splitMarkdown('Title\n\\[ x \\]\n---').blocks.map((b) => b.tokens[0]!.type)).toEqual([
      'paragraph',
      'math',
      'hr',
    ]);
  });

  it('keeps the source covered exactly', () => {
    const source = 'A $x$ b\n\n$$\ny\n$$\n\n- item \\(z\\)\n';
    const { blocks } = splitMarkdown(source);
    expect(blocks.map((b) => b.text).join('')).toBe(source);
  });
});
