import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The answer's stylesheets, checked for selectors that make a streaming answer restyle more than
 * it changed. A browser keeps one set of "what to restyle" per pseudo-class and per class: with a
 * rule such as `tr:last-child td`, any element whose last-child state changes (every block and
 * chunk as the next one arrives) restyles every `td` below it; with `.caret > :last-child::after`,
 * moving the caret restyles the whole block it left. Measured in `bench:render`'s traces at 4×
 * (docs/performance.md).
 */
/** Every stylesheet beside this file, one added later too. */
const STYLESHEETS = readdirSync(__dirname).filter((file) => file.endsWith('.css'));

const selectors = (file: string): string[] =>
  readFileSync(join(__dirname, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('}')
    .map((rule) => rule.split('{')[0]!.trim())
    .filter((prelude) => prelude && !prelude.startsWith('@'))
    .flatMap((prelude) => prelude.split(','))
    .map((selector) => selector.replace(/\s+/g, ' ').trim());

/** A pseudo-class that changes as siblings are added after an element. */
const LAST =
  /:(last-child|nth-last-child\([^)]*\)|last-of-type|nth-last-of-type\([^)]*\)|only-child)/;

describe('the answer stylesheets', () => {
  const all = STYLESHEETS.flatMap((file) => selectors(file).map((s) => ({ file, s })));

  it('are read (the check below sees rules)', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.some(({ s }) => s.includes('.md-block'))).toBe(true);
  });

  it('key no descendant on an element’s last-child state', () => {
    const offending = all.filter(({ s }) => {
      const match = LAST.exec(s);
      if (!match) return false;
      // Allowed on the subject only: after it, nothing but more of the same compound.
      const rest = s.slice(match.index + match[0].length);
      return rest.slice(/^[^\s>+~]*/.exec(rest)![0].length).trim() !== '';
    });
    expect(offending).toEqual([]);
  });

  it('count no position from the end (an element added restyles every sibling before it)', () => {
    // `:nth-last-child(n + 3)` on the answer's chunks restyled every chunk each time one was added
    // (5–7 ms at 4× CPU throttling for 40 chunks); such states are classes the renderer sets.
    const fromEnd = all.filter(({ s }) => /:nth-last-(child|of-type)\(/.test(s));
    expect(fromEnd).toEqual([]);
  });

  it('put the caret on named elements, not on any last child', () => {
    const caret = all.filter(({ s }) => s.includes('.caret'));
    expect(caret.length).toBeGreaterThan(0);
    for (const { s } of caret) expect(s).not.toMatch(/>\s*:last-child/);
  });
});
