import hljs from 'highlight.js/lib/core';
import { GRAMMARS, grammarFor } from './highlight-languages';

const compiled = new Set<string>();

/**
 * Loads the grammar `language` needs (once: `onDemand`) and compiles it (highlight.js compiles a
 * grammar on its first use: done here with one character, so the first real block is not the one
 * to pay). Resolves to false when Runnel does not highlight the language or its grammar failed to
 * load (tried again next time).
 */
export async function prepareLanguage(language: string | undefined): Promise<boolean> {
  const name = grammarFor(language);
  if (!name) return false;
  try {
    const grammar = await GRAMMARS[name]!.load();
    if (!compiled.has(name)) {
      hljs.registerLanguage(name, grammar.default);
      hljs.highlight('x', { language: name, ignoreIllegals: true });
      compiled.add(name);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Highlighted HTML for `code` in `language`, or null when the language is unknown (shown plain:
 * auto-detection is slow and often wrong). highlight.js escapes the code, so the HTML is safe.
 */
export async function highlightCode(
  code: string,
  language: string | undefined,
): Promise<string | null> {
  if (!(await prepareLanguage(language))) return null;
  try {
    return hljs.highlight(code, { language: grammarFor(language)!, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
