/**
 * vLLM scenarios whose stream is well-formed: plain chat, the three reasoning
 * field generations, `<think>` tags, tool-call fragments, length, CRLF and
 * split frames, slow and long-prefill timing, hostile and rich markdown.
 */
import { randomBytes } from 'node:crypto';
import { vllmFlavor as F } from '../flavors';
import { splitPlan } from '../split-frames';
import { tokenize } from '../tokenize';
import type { Scenario, ScenarioContext } from '../types';
import { answer, build, fillerTokens } from './common';
import {
  ANSWER_TOKENS,
  CHAT_TOKENS,
  LENGTH_TOKENS,
  MARKDOWN_ANSWER,
  REASONING_TOKENS,
  THINK_TAG_TOKENS,
  XSS_MARKDOWN,
} from './texts';
import { MATH_ANSWER } from './texts-math';

/** Reasoning then answer, with a caller-chosen reasoning delta per token. */
function reasoningAnswer(
  ctx: ScenarioContext,
  delta: (text: string, i: number) => Record<string, unknown>,
) {
  const b = build(F, ctx).role();
  REASONING_TOKENS.forEach((t, i) => b.reasoning(t, delta(t, i)));
  return b.contents(ANSWER_TOKENS).finish('stop').usage().done().plan();
}

function chatPlan(ctx: ScenarioContext, eol: '\n' | '\r\n' = '\n') {
  return build(F, ctx).role().contents(CHAT_TOKENS).finish('stop').usage().done().plan({ eol });
}

function toolCallId(): string {
  return `chatcmpl-tool-${randomBytes(16).toString('hex')}`;
}

/** Two calls streamed as fragments joined by `index`, as vLLM's tool parsers emit them. */
const toolCalls: Scenario = (_body, ctx) => {
  const b = build(F, ctx).role();
  const calls: { name: string; pieces: string[] }[] = [
    { name: 'get_weather', pieces: ['{"city": ', '"Par', 'is", "unit": ', '"celsius"', '}'] },
    { name: 'get_time', pieces: ['{"timezone": ', '"Europe/', 'Paris"}'] },
  ];
  calls.forEach((call, index) => {
    b.toolCalls([
      { index, id: toolCallId(), type: 'function', function: { name: call.name, arguments: '' } },
    ]);
    for (const piece of call.pieces) b.toolCalls([{ index, function: { arguments: piece } }]);
  });
  return b.finish('tool_calls').usage().done().plan();
};

/** Well-formed vLLM streams, by model id. */
export const vllmStreamScenarios: Record<string, Scenario> = {
  chat: (_b, ctx) => chatPlan(ctx),
  reasoning: (_b, ctx) => reasoningAnswer(ctx, (t) => ({ reasoning: t })),
  // Thinking spread over about three seconds (a pause after each reasoning token), so a UI's
  // "Thinking…" state is on screen long enough to be seen however busy the machine is: over one
  // second, a cold page under 4× CPU throttling beside a CPU hog once rendered none of it.
  'slow-reasoning': (_b, ctx) => {
    const b = build(F, ctx).role();
    for (const t of REASONING_TOKENS) b.reasoning(t).add({ sleep: 400 });
    return b.contents(ANSWER_TOKENS).finish('stop').usage().done().plan();
  },
  'reasoning-content': (_b, ctx) => reasoningAnswer(ctx, (t) => ({ reasoning_content: t })),
  // Transition versions: both fields with the same text, a few with reasoning_content null.
  'reasoning-both': (_b, ctx) =>
    reasoningAnswer(ctx, (t, i) => ({
      reasoning: t,
      reasoning_content: i === 2 || i === 5 ? null : t,
    })),
  'think-tags': (_b, ctx) => answer(F, ctx, THINK_TAG_TOKENS),
  'tool-calls': toolCalls,
  length: (_b, ctx) => answer(F, ctx, LENGTH_TOKENS, { finish: 'length' }),
  'split-frames': (_b, ctx) => splitPlan(chatPlan(ctx, '\r\n')),
  crlf: (_b, ctx) => chatPlan(ctx, '\r\n'),
  slow: (_b, ctx) => answer(F, ctx, fillerTokens(400), { tokenDelayMs: 50 }),
  // A minute of words: holds a backend slot for as long as a test needs one held, however slowly
  // the test itself runs (a stall would be ended by the gateway's idle timeout).
  hold: (_b, ctx) => answer(F, ctx, fillerTokens(1200), { tokenDelayMs: 50 }),
  // vLLM sends no keepalives: a long prefill is pure silence after the headers.
  'long-prefill': (_b, ctx) =>
    build(F, ctx)
      .add({ sleep: 1200 })
      .role()
      .contents(['Done', ' thinking', ' about', ' that', ' long', ' prompt.'])
      .finish('stop')
      .usage()
      .done()
      .plan(),
  xss: (_b, ctx) => answer(F, ctx, tokenize(XSS_MARKDOWN)),
  // Faster than the default rate: ~300 tokens at 20 ms would make tests wait 6 s.
  markdown: (_b, ctx) => answer(F, ctx, tokenize(MARKDOWN_ANSWER), { tokenDelayMs: 5 }),
  // Reasoning, then the rich Markdown answer: everything an answer can show but math and tools
  // (`npm run check:bundle` counts the page's JavaScript through it).
  'reasoning-markdown': (_b, ctx) => {
    const b = build(F, ctx).role();
    for (const t of REASONING_TOKENS) b.reasoning(t);
    return b
      .contents(tokenize(MARKDOWN_ANSWER))
      .finish('stop')
      .usage()
      .done()
      .plan({ tokenDelayMs: 5 });
  },
  // The test stack's TITLE_MODEL. A conversation about high tides gets a title in quotes, with a
  // full stop (as small models write them); any other gets an empty answer, so it keeps its first
  // message as its title and the specs that find conversations by it are left alone.
  title: (body, ctx) =>
    answer(
      F,
      ctx,
      JSON.stringify(body).includes('high tides') ? ['"Tides', ' and', ' the', ' Moon."'] : [],
    ),
  // A pause inside the display formula, longer than the page ever waits between two updates
  // (at least two a second), so the formula is seen unfinished (as text) before it closes.
  math: (_b, ctx) => {
    const cut = MATH_ANSWER.indexOf('\\pm');
    return build(F, ctx)
      .role()
      .contents(tokenize(MATH_ANSWER.slice(0, cut)))
      .add({ sleep: 1_200 })
      .contents(tokenize(MATH_ANSWER.slice(cut)))
      .finish('stop')
      .usage()
      .done()
      .plan({ tokenDelayMs: 10 });
  },
};
