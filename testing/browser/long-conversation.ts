/**
 * A long conversation for the render benchmark and the long-chat spec: 1,000 messages (~300 KB of
 * text), questions of a line or two and answers mixing paragraphs, headings, lists, code fences and
 * GFM tables — deterministic, so every run opens the same text.
 */
import type { SeedConversation } from './seed-conversations';

const WORDS = (
  'latency throughput token stream buffer parser render frame cache kernel batch scheduler ' +
  'request response header socket browser markdown table fence heading paragraph list model ' +
  'prefill decode attention memory tensor quickly carefully steadily the a of to and in for with'
).split(' ');

/** Small deterministic PRNG (LCG) so every run yields the same text. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function sentence(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    let w = WORDS[Math.floor(rand() * WORDS.length)]!;
    if (i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    else if (rand() < 0.05) w = `\`${w}\``;
    else if (rand() < 0.04) w = `**${w}**`;
    out.push(w);
  }
  return `${out.join(' ')}.`;
}

function paragraph(rand: () => number): string {
  return Array.from({ length: 2 + Math.floor(rand() * 3) }, () =>
    sentence(rand, 8 + Math.floor(rand() * 10)),
  ).join(' ');
}

function code(rand: () => number, n: number): string {
  const name = WORDS[n % WORDS.length]!;
  return [
    '```ts',
    `export function ${name}${n}(input: number[]): number {`,
    `  let total = ${Math.floor(rand() * 100)};`,
    '  for (const value of input) total += value * 2;',
    '  return total;',
    '}',
    '```',
  ].join('\n');
}

function table(rand: () => number): string {
  const rows = Array.from(
    { length: 3 },
    (_, i) =>
      `| ${WORDS[Math.floor(rand() * WORDS.length)]} | ${i + 1} | ${(rand() * 100).toFixed(1)} ms |`,
  );
  return ['| name | run | time |', '| --- | --: | --: |', ...rows].join('\n');
}

function list(rand: () => number): string {
  return Array.from({ length: 3 }, () => `- ${sentence(rand, 6)}`).join('\n');
}

/** An answer of ~500 characters on average; every fourth has a code fence, every fifth a table. */
function answer(rand: () => number, n: number): string {
  const parts = [paragraph(rand)];
  if (n % 3 === 0) parts.push(`### Step ${n}`, list(rand));
  if (n % 4 === 0) parts.push(code(rand, n));
  if (n % 5 === 0) parts.push(table(rand));
  if (n % 2 === 0) parts.push(paragraph(rand));
  return parts.join('\n\n');
}

/** The last answer's closing words: what a spec looks for to see that it is on screen. */
export const LAST_WORDS = 'That is the end of the long conversation.';

/** A conversation of `messages` messages (1,000 by default), updated at `updatedAt`. */
export function longConversation(
  updatedAt: number,
  messages = 1000,
  id = 'long-conversation',
): SeedConversation {
  const rand = lcg(25);
  const texts = Array.from({ length: messages }, (_, i) =>
    i % 2 === 0 ? `Question ${i / 2 + 1}: ${sentence(rand, 10 + Math.floor(rand() * 8))}` : '',
  ).map((text, i) => (i % 2 === 0 ? text : answer(rand, (i - 1) / 2)));
  texts[texts.length - 1] += `\n\n${LAST_WORDS}`;
  return { id, title: 'A very long conversation', updatedAt, texts };
}
