import hljs from 'highlight.js/lib/core';
import { describe, expect, it } from 'vitest';
import { ALIASES, GRAMMARS, grammarFor } from './highlight-languages';

describe('highlight languages', () => {
  it('names each grammar by the aliases the grammar itself declares', async () => {
    const declared: Record<string, string[]> = {};
    for (const [name, grammar] of Object.entries(GRAMMARS)) {
      const instance = hljs.newInstance();
      instance.registerLanguage(name, (await grammar.load()).default);
      declared[name] = instance.getLanguage(name)?.aliases ?? [];
    }
    expect(ALIASES).toEqual(declared);
  });

  it('finds a grammar by name or alias, whatever the case, and none for other languages', () => {
    expect(grammarFor('TS')).toBe('typescript');
    expect(grammarFor('html')).toBe('xml');
    expect(grammarFor('python')).toBe('python');
    expect(grammarFor('brainfuck')).toBeUndefined();
    expect(grammarFor(undefined)).toBeUndefined();
  });
});
