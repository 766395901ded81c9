import type { RunnelEvent } from '../../protocol/events';

/** New paragraphs (of answer or reasoning) a paced update shows at most; the rest follow. */
const PARAGRAPHS_PER_UPDATE = 2;
/** New lines a paced update shows at most: table rows, list items, lines of code. */
const LINES_PER_UPDATE = 6;
/**
 * When more is waiting than a few updates show, an update takes this share of it instead, so what
 * is waiting does not pile up while text arrives faster than capped updates would show it.
 */
const CATCH_UP_SHARE = 1 / 3;

type Pending = readonly { event: RunnelEvent; id?: number }[];

/** For each event of `pending`, the paragraphs and lines its text and the text before it started. */
function runningBreaks(pending: Pending): { paragraphs: number; lines: number }[] {
  let paragraphs = 0;
  let lines = 0;
  const endsWithNewline = { content: false, reasoning: false };
  return pending.map(({ event }) => {
    if (event.type === 'content' || event.type === 'reasoning') {
      const { text } = event;
      // A blank line split across two events (`…\n` then `\n…`) counts too.
      if (endsWithNewline[event.type] && text.startsWith('\n')) paragraphs++;
      for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n', at + 2)) paragraphs++;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
      if (text) endsWithNewline[event.type] = text.endsWith('\n');
    }
    return { paragraphs, lines };
  });
}

/**
 * How many of the waiting events one paced update applies: up to the network read (an event with
 * an id) in which the answer's or reasoning's text has started `PARAGRAPHS_PER_UPDATE` new
 * paragraphs or `LINES_PER_UPDATE` new lines, whichever comes first — or a third of what is
 * waiting, when that is more — so the id saved with the message still matches its text. An
 * update's frame costs roughly in proportion to the elements it adds; on a slow device a fast
 * stream would otherwise come in updates of several blocks each (a table or a nested list is one
 * paragraph and dozens of elements), frames of over 50 ms (docs/performance.md, `bench:render`).
 */
export function updatePortion(pending: Pending): number {
  const breaks = runningBreaks(pending);
  const waiting = breaks.at(-1) ?? { paragraphs: 0, lines: 0 };
  const most = {
    paragraphs: Math.max(PARAGRAPHS_PER_UPDATE, Math.ceil(waiting.paragraphs * CATCH_UP_SHARE)),
    lines: Math.max(LINES_PER_UPDATE, Math.ceil(waiting.lines * CATCH_UP_SHARE)),
  };
  const end = breaks.findIndex(
    ({ paragraphs, lines }, i) =>
      (paragraphs >= most.paragraphs || lines >= most.lines) && pending[i]!.id !== undefined,
  );
  return end < 0 ? pending.length : end + 1;
}
