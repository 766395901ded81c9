/**
 * Deterministic generator of a long (~16k-token) Markdown document for the
 * rendering benchmark: prose, headings, code fences in three languages, GFM
 * tables and nested lists, each block complete so the document stays valid at
 * every section boundary.
 */
import { tokenize } from '../tokenize';

const WORDS = (
  'latency throughput token stream buffer parser render frame cache kernel batch scheduler ' +
  'request response header socket browser markdown table fence heading paragraph list model ' +
  'prefill decode attention memory tensor quickly carefully steadily the a of to and in for with ' +
  'while because every each server client gateway upstream downstream retry cancel abort signal'
).split(' ');

const TITLES = [
  'Overview',
  'Measurements',
  'Parser design',
  'Rendering',
  'Back-pressure',
  'Failure modes',
  'Tuning',
];

/** Small deterministic PRNG (LCG) so every run yields the same text. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function paragraph(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    let w = WORDS[Math.floor(rand() * WORDS.length)] ?? 'token';
    if (i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    if (rand() < 0.06) w = `\`${w}\``;
    else if (rand() < 0.04) w = `**${w}**`;
    out.push(w);
    if (i < words - 1 && rand() < 0.08) out[out.length - 1] += ',';
  }
  return `${out.join(' ')}.`;
}

function codeBlock(n: number): string {
  switch (n % 3) {
    case 0:
      return [
        '```ts',
        `export function measure${n}(samples: number[]): number {`,
        '  const sorted = [...samples].sort((a, b) => a - b);',
        '  return sorted[Math.floor(sorted.length * 0.95)] ?? 0;',
        '}',
        '```',
      ].join('\n');
    case 1:
      return [
        '```python',
        `def throughput_${n}(tokens: int, seconds: float) -> float:`,
        '    """Tokens per second, guarding against a zero duration."""',
        '    return tokens / max(seconds, 1e-9)',
        '```',
      ].join('\n');
    default:
      return [
        '```bash',
        `curl -N -s "$BASE/v1/chat/completions" \\`,
        `  -d '{"model": "bench-${n}", "stream": true}'`,
        '```',
      ].join('\n');
  }
}

function table(rand: () => number, n: number): string {
  const rows = ['| Run | Tokens/s | p95 ms | Notes |', '| ---: | ---: | ---: | --- |'];
  for (let i = 1; i <= 4; i++) {
    rows.push(
      `| ${n}.${i} | ${Math.round(800 + rand() * 4000)} | ${(rand() * 40).toFixed(1)} | ${paragraph(rand, 3)} |`,
    );
  }
  return rows.join('\n');
}

function nestedList(rand: () => number): string {
  const lines: string[] = [];
  for (let i = 1; i <= 3; i++) {
    lines.push(`${i}. ${paragraph(rand, 8)}`);
    lines.push(`   - ${paragraph(rand, 6)}`);
    lines.push(`     - ${paragraph(rand, 5)}`);
  }
  return lines.join('\n');
}

/** Builds a document of at least `minTokens` tokens. */
function generateBenchMarkdown(minTokens = 16_000, seed = 7): string {
  const rand = lcg(seed);
  const blocks: string[] = ['# Streaming benchmark report'];
  let tokens = 0;
  for (let n = 0; tokens < minTokens; n++) {
    const section = [
      `## ${n + 1}. ${TITLES[n % TITLES.length] ?? 'Section'}`,
      paragraph(rand, 60 + Math.floor(rand() * 40)),
      paragraph(rand, 40 + Math.floor(rand() * 40)),
      n % 2 === 0 ? codeBlock(n) : table(rand, n),
      `### ${n + 1}.1 Details`,
      nestedList(rand),
      n % 2 === 0 ? table(rand, n) : codeBlock(n),
    ].join('\n\n');
    blocks.push(section);
    tokens += tokenize(section).length;
  }
  return `${blocks.join('\n\n')}\n`;
}

let cached: string[] | undefined;

/** The benchmark document as tokens, generated once per process. */
export function benchTokens(): string[] {
  cached ??= tokenize(generateBenchMarkdown());
  return cached;
}
