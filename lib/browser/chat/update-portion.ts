import type { RunnelEvent } from '../../protocol/events';

/** New paragraphs (of answer or reasoning) a paced update shows at most; the rest follow. */
const PARAGRAPHS_PER_UPDATE = 2;
/** New lines a paced update shows at most: table rows, list items, lines of code. */
const LINES_PER_UPDATE = 6;

/**
 * How many of the waiting events one paced update applies: up to the network read (an event with
 * an id) in which the answer's or reasoning's text has started `PARAGRAPHS_PER_UPDATE` new
 * paragraphs or `LINES_PER_UPDATE` new lines, whichever comes first, so the id saved with the
 * message still matches its text. An update's frame costs roughly in proportion to the elements it
 * adds; on a slow device a fast stream would otherwise come in updates of several blocks each
 * (a table or a nested list is one paragraph and dozens of elements), frames of over 50 ms
 * (docs/performance.md, `bench:render`). A blank line split across two events (`…\n` then `\n…`)
 * counts as a paragraph too.
 */
export function updatePortion(pending: readonly { event: RunnelEvent; id?: number }[]): number {
  let paragraphs = 0;
  let lines = 0;
  const endsWithNewline = { content: false, reasoning: false };
  for (let i = 0; i < pending.length; i++) {
    const { event, id } = pending[i]!;
    if (event.type === 'content' || event.type === 'reasoning') {
      const { text } = event;
      if (endsWithNewline[event.type] && text.startsWith('\n')) paragraphs++;
      for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n', at + 2)) paragraphs++;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
      if (text) endsWithNewline[event.type] = text.endsWith('\n');
    }
    const enough = paragraphs >= PARAGRAPHS_PER_UPDATE || lines >= LINES_PER_UPDATE;
    if (enough && id !== undefined) return i + 1;
  }
  return pending.length;
}
