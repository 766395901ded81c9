/**
 * Fixed answer texts. Fixed (not request-derived) so tests can assert exact
 * output; they deliberately include multi-byte UTF-8 (2-, 3- and 4-byte
 * sequences) to catch decoders that split characters across reads.
 */

/** vLLM `chat`: 12 tokens, with accents, CJK, Turkish letters and an emoji. */
export const CHAT_TOKENS: readonly string[] = [
  'Hello',
  '!',
  ' Café',
  ' crème',
  ' brûlée',
  ' and',
  ' 東京',
  ' ramen',
  ' —',
  ' şarkı ğüzel ılık',
  ' 🚀',
  '.',
];

/** Reasoning tokens for the reasoning scenarios. */
export const REASONING_TOKENS: readonly string[] = [
  'The',
  ' user',
  ' asks',
  ' for',
  ' the',
  ' answer;',
  ' 6 × 7',
  ' = 42.',
];

/** Content tokens after reasoning. */
export const ANSWER_TOKENS: readonly string[] = [
  'The',
  ' answer',
  ' is',
  ' **42**',
  ' —',
  ' naïve',
  ' but',
  ' true.',
];

/** `think-tags`: tags split at awkward places; joined text is the brief's string. */
export const THINK_TAG_TOKENS: readonly string[] = [
  '<th',
  'ink>',
  '\nLet',
  ' me',
  ' think…',
  ' step',
  ' one.',
  '\n</',
  'think>',
  '\n\nThe',
  ' answer',
  ' is',
  ' 42.',
];

/** Tokens for `length`: cut mid-sentence. */
export const LENGTH_TOKENS: readonly string[] = [
  'Once',
  ' upon',
  ' a',
  ' time',
  ',',
  ' in',
  ' a',
  ' land',
  ' far',
  ' away',
];

/** A few leading tokens used before failures. */
export const PARTIAL_TOKENS: readonly string[] = ['Let', ' me', ' start', ' with', ' the'];

/** Turkish answer for tAI `chat`: a short poem with ş ğ ı ç ö ü. */
export const TAI_POEM_TOKENS: readonly string[] = [
  'Güneş',
  ' doğar',
  ' dağların',
  ' ardından',
  ',\n',
  'Işık',
  ' düşer',
  ' çiçeklere',
  ' ağır',
  ' ağır',
  '.\n',
  'Gönlüm',
  ' şarkı',
  ' söyler',
  ' özgürce',
  ',\n',
  'Üzüm',
  ' bağında',
  ' ılık',
  ' bir',
  ' rüzgâr.',
];

/** tAI `notice`: the bracketed failure notice, verbatim. */
export const TAI_NOTICE = '[Yanıt oluşturulurken bir sorun oluştu, lütfen tekrar deneyin.]';

/** Leading Turkish tokens before a tAI failure. */
export const TAI_PARTIAL_TOKENS: readonly string[] = ['1', ', 2', ', 3'];

/** ACS completion text (continues "Five reasons to learn Rust:\n1."). */
export const ACS_TOKENS: readonly string[] = [
  ' It',
  '’s',
  ' fast',
  '.\n',
  '2',
  '.',
  ' Memory',
  ' safety',
  ' without',
  ' a',
  ' garbage',
  ' collector',
  '.\n',
  '3',
  '.',
  ' Cargo',
];

/** `xss`: hostile markdown; nothing in it may execute or load. */
export const XSS_MARKDOWN = [
  'Here are some tricky bits:\n\n',
  '<script>window.__pwned=1</script>\n\n',
  '<img src=x onerror="window.__pwned=1">\n\n',
  'A [click](javascript:window.__pwned=1) link and an image ',
  '![img](http://127.0.0.1:1/should-not-load.png).\n\n',
  'A normal [ok](https://example.com) link.\n\n',
  '```html\n<script>alert("in a code fence")</script>\n```\n',
].join('');

/** `markdown`: heading, list, GFM table, ts code block, inline code, link (~300 tokens). */
export const MARKDOWN_ANSWER = `## Streaming responses in TypeScript

Server-sent events are the simplest way to stream tokens from an inference server to a browser. Each event is a \`data:\` line followed by a blank line, and the stream ends with \`data: [DONE]\`.

Key points to remember:

- Buffer input until you see a blank line, because a frame can be split across reads.
- Skip comment lines that start with a colon, such as \`: keepalive\`.
- Treat a stream that ends without \`[DONE]\` as failed.
  - Retry idempotent requests once.
  - Show partial output, clearly marked as incomplete.

| Provider | Reasoning field | Keepalive |
| --- | --- | --- |
| vLLM 0.16 | \`reasoning\` | none |
| llama.cpp | \`reasoning_content\` | none |
| ACS | — | \`: keepalive\` |

\`\`\`ts
export async function* frames(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\\n\\n')) !== -1) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
    }
  }
}
\`\`\`

Read more in the [HTML living standard](https://html.spec.whatwg.org/multipage/server-sent-events.html). Tschüss and 谢谢!
`;
