import type { RunnelEvent } from '../../protocol/events';

/** New paragraphs (of answer or reasoning) a paced update shows at most; the rest follow. */
const PARAGRAPHS_PER_UPDATE = 2;

/**
 * How many of the waiting events one paced update applies: up to the network read (an event with
 * an id) in which the answer's or reasoning's text has started `PARAGRAPHS_PER_UPDATE` new
 * paragraphs, so the id saved with the message still matches its text. An update's frame costs
 * roughly in proportion to the blocks it adds; on a slow device a fast stream would otherwise come
 * in updates of several blocks each, frames of over 50 ms (docs/performance.md, `bench:render`).
 * A blank line split between two events (`…\n` then `\n…`) counts too.
 */
export function paragraphPortion(pending: readonly { event: RunnelEvent; id?: number }[]): number {
  let breaks = 0;
  const endsWithNewline = { content: false, reasoning: false };
  for (let i = 0; i < pending.length; i++) {
    const { event, id } = pending[i]!;
    if (event.type === 'content' || event.type === 'reasoning') {
      const { text } = event;
      if (endsWithNewline[event.type] && text.startsWith('\n')) breaks++;
      for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n', at + 2)) breaks++;
      if (text) endsWithNewline[event.type] = text.endsWith('\n');
    }
    if (breaks >= PARAGRAPHS_PER_UPDATE && id !== undefined) return i + 1;
  }
  return pending.length;
}
