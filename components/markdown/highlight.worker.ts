/**
 * Syntax highlighting off the main thread: highlight.js on a long code block takes longer than a
 * frame on a slow device, and its first use of a language compiles the grammar. The page sends
 * `{ id, code, language }` and gets `{ id, html }` back (highlight.js escapes the code; null when
 * the language is unknown). `{ warmUp: true, language }` loads and compiles that language's
 * grammar ahead of time, while its block is still arriving.
 */
import { highlightCode, prepareLanguage } from './highlight';
import type { HighlightRequest, HighlightResult } from './highlight-protocol';

addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  const request = event.data;
  if ('warmUp' in request) {
    void prepareLanguage(request.language);
    return;
  }
  void highlightCode(request.code, request.language).then((html) => {
    const result: HighlightResult = { id: request.id, html };
    postMessage(result);
  });
});
