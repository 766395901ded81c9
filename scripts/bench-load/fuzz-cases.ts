/**
 * Malformed chat requests, generated from a seed: bad JSON, wrong types, deep nesting, huge
 * bodies, wrong content types and invalid UTF-8 — what a hostile or broken client sends.
 */

export interface FuzzCase {
  kind: string;
  contentType?: string;
  body: Buffer;
  /** Sent without Content-Length (chunked), so the size is only known while reading. */
  chunked?: boolean;
}

/** A small seeded generator (mulberry32): the same seed gives the same cases. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}
type Rng = ReturnType<typeof random>;

const VALID = {
  model: 'vllm:chat',
  messages: [{ role: 'user', content: 'Hello there' }],
  max_tokens: 64,
  temperature: 0.5,
};
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const JSON_TYPE = 'application/json';

const WRONG_VALUES: unknown[] = [
  42,
  -1,
  0,
  1e308,
  3.5,
  '',
  'x',
  'NaN',
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { a: 1 },
  [{ role: 'user' }],
  'a'.repeat(10_000),
  -0.0001,
  2 ** 53 + 1,
];
const FIELDS = [
  'model',
  'messages',
  'max_tokens',
  'temperature',
  'top_p',
  'stop',
  'reasoning_effort',
  'tools',
  'tool_choice',
  'response_format',
  'stream',
  'prompt',
  'continue_final_message',
  'add_generation_prompt',
  'messages.0',
  'messages.0.role',
  'messages.0.content',
  'messages.0.content.0',
  'messages.0.name',
  'messages.0.tool_calls',
];

function wrongTypes(r: Rng): FuzzCase {
  const body = structuredClone(VALID) as Record<string, unknown>;
  const path = r.pick(FIELDS).split('.');
  let target: Record<string, unknown> = body;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) break;
    target = next as Record<string, unknown>;
  }
  target[path.at(-1)!] = structuredClone(r.pick(WRONG_VALUES));
  // A wrong value that is valid by chance would stream; make sure something else is off too.
  if (r.next() < 0.5) body[`x_${r.int(1000)}`] = r.pick(WRONG_VALUES);
  else body.max_tokens = -1 - r.int(100);
  return { kind: 'wrong types', contentType: JSON_TYPE, body: json(body) };
}

function badJson(r: Rng): FuzzCase {
  const text = JSON.stringify(VALID);
  const variants = [
    () => text.slice(0, r.int(text.length)),
    () => text.replace(/"/g, "'"),
    () => text.replace('}', ',}'),
    () => `${text}${text}`,
    () => text.replace('0.5', 'NaN'),
    () => Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256))).toString('latin1'),
    () => '',
    () => 'null',
    () => '[]',
    () => '"a string"',
    () => text.replace('{', '{"model": }'),
  ];
  return {
    kind: 'bad JSON',
    contentType: JSON_TYPE,
    body: Buffer.from(r.pick(variants)(), 'latin1'),
  };
}

function nested(r: Rng): FuzzCase {
  const depth = r.pick([100, 1_000, 10_000, 100_000]);
  const array = r.next() < 0.5;
  const deep = array
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const where = r.pick(['messages', 'tools', 'response_format', 'content', 'root', 'stop']);
  const text =
    where === 'root'
      ? deep
      : where === 'content'
        ? `{"model":"vllm:chat","messages":[{"role":"user","content":${deep}}]}`
        : `{"model":"vllm:chat","messages":[{"role":"user","content":"hi"}],"${where}":${deep}}`;
  return { kind: 'deep nesting', contentType: JSON_TYPE, body: Buffer.from(text) };
}

function huge(r: Rng, i: number): FuzzCase {
  if (i % 5 === 0) {
    // Over the 8 MiB limit, declared or streamed chunked.
    const size = 9 * 1024 * 1024;
    return {
      kind: 'huge',
      contentType: JSON_TYPE,
      body: Buffer.alloc(size, 0x20),
      chunked: r.next() < 0.5,
    };
  }
  // Under the limit but wrong: a multi-megabyte model id or unknown field.
  const big = 'x'.repeat(1024 * 1024 * (1 + r.int(6)));
  const body = r.next() < 0.5 ? { ...VALID, model: big } : { ...VALID, [`f${r.int(9)}`]: big };
  return { kind: 'huge', contentType: JSON_TYPE, body: json(body) };
}

function contentTypes(r: Rng): FuzzCase {
  const variants: [string | undefined, string][] = [
    ['application/x-www-form-urlencoded', 'model=vllm%3Achat&messages=hello'],
    [
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="model"\r\n\r\nvllm:chat\r\n--xyz--',
    ],
    ['text/plain', 'model: vllm:chat, please answer'],
    ['application/xml', '<chat><model>vllm:chat</model></chat>'],
    [undefined, 'model=vllm:chat'],
    ['application/json; charset=utf-16', 'm\u0000o\u0000d\u0000'],
    ['image/png', '\u0089PNG\r\n\u001a\n'],
  ];
  const [contentType, text] = r.pick(variants);
  return {
    kind: 'content type',
    ...(contentType ? { contentType } : {}),
    body: Buffer.from(text, 'latin1'),
  };
}

function invalidUtf8(r: Rng): FuzzCase {
  const bad = r.pick([
    [0xff],
    [0xc0, 0x80],
    [0xed, 0xa0, 0x80],
    [0xe2, 0x82],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
    [0xfe, 0xfe],
  ]);
  const text = JSON.stringify(VALID);
  const at = text.indexOf(r.pick(['Hello', 'vllm', 'user']));
  const body = Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from(bad),
    Buffer.from(text.slice(at)),
  ]);
  return { kind: 'invalid UTF-8', contentType: JSON_TYPE, body };
}

/** How many cases of each kind, in a 10,000-case run. */
const MIX: [number, (r: Rng, i: number) => FuzzCase][] = [
  [2_700, badJson],
  [3_000, wrongTypes],
  [1_200, nested],
  [100, huge],
  [1_500, contentTypes],
  [1_500, invalidUtf8],
];

/** The `i`-th case of the run (deterministic). */
export function fuzzCase(i: number, seed = 42): FuzzCase {
  const r = random(seed * 100_003 + i);
  let n = i % 10_000;
  for (const [count, make] of MIX) {
    if (n < count) return make(r, n);
    n -= count;
  }
  return badJson(r);
}
