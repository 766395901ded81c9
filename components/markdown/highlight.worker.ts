/**
 * Syntax highlighting off the main thread: highlight.js on a long code block takes longer than a
 * frame on a slow device, and its first use of a language compiles the grammar. The page sends
 * `{ id, code, language }` and gets `{ id, html }` back (highlight.js escapes the code; null when
 * the language is unknown). `{ warmUp: true }` compiles every grammar ahead of time.
 */
import { HIGHLIGHT_LANGUAGES, highlightCode } from './highlight';
import type { HighlightRequest, HighlightResult } from './highlight-protocol';

addEventListener('message', (event: MessageEvent<HighlightRequest>) => {
  const request = event.data;
  if ('warmUp' in request) {
    for (const language of HIGHLIGHT_LANGUAGES) highlightCode('x', language);
    return;
  }
  const result: HighlightResult = {
    id: request.id,
    html: highlightCode(request.code, request.language),
  };
  postMessage(result);
});
