import type { Conversation } from './conversation';
import { allMessages } from './versions';

/** A conversation that matches a search, with where it matched. */
export interface SearchHit {
  id: string;
  /** A short excerpt of the first message that matched, when the title alone did not. */
  snippet?: string;
}

interface Indexed {
  title: string;
  /** Every message's text (earlier versions included), lower-cased, one per line. */
  text: string;
}

/**
 * Lower-cased text per conversation object. A conversation is replaced (never changed) when it
 * changes, so an entry stays valid as long as its object lives, and only the conversations that
 * changed since the last search are read again: typing stays fast with hundreds of conversations.
 */
const index = new WeakMap<Conversation, Indexed>();

function indexed(c: Conversation): Indexed {
  let entry = index.get(c);
  if (!entry) {
    const text = allMessages(c)
      .map(({ message }) => message.content.toLowerCase())
      .join('\n');
    entry = { title: c.title.toLowerCase(), text };
    index.set(c, entry);
  }
  return entry;
}

/**
 * Reads the conversations into the cache ahead of a search (when the search box gets focus), so
 * the first keystroke does not pay for it.
 */
export function prepareSearch(conversations: Iterable<Conversation>): void {
  for (const c of conversations) indexed(c);
}

/**
 * `prepareSearch` over what `conversations` gives then, in an idle moment (a timer where
 * `requestIdleCallback` is missing): the sidebar asks for it as the reader starts to search.
 */
export function prepareSearchWhenIdle(conversations: () => Iterable<Conversation>): void {
  const prepare = () => prepareSearch(conversations());
  if ('requestIdleCallback' in window) window.requestIdleCallback(prepare);
  else setTimeout(prepare, 0);
}

/** The words of a query, lower-cased. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

const SNIPPET_BEFORE = 24;
const SNIPPET_LENGTH = 90;

/** An excerpt of the first message containing `term`, around it, on one line. */
function snippetFor(c: Conversation, term: string): string | undefined {
  for (const { message } of allMessages(c)) {
    const at = message.content.toLowerCase().indexOf(term);
    if (at < 0) continue;
    const start = Math.max(0, at - SNIPPET_BEFORE);
    const text = message.content
      .slice(start, start + SNIPPET_LENGTH)
      .replace(/\s+/g, ' ')
      .trim();
    return `${start > 0 ? '…' : ''}${text}${start + SNIPPET_LENGTH < message.content.length ? '…' : ''}`;
  }
  return undefined;
}

/**
 * The conversations whose title or messages contain every word of `query` (case-insensitive), in
 * the order given. A plain substring scan over a per-conversation cache: no search library, and
 * fast enough for every keystroke with thousands of conversations. Excerpts are made for the first
 * `snippets` hits only (the ones shown): a word found in thousands of conversations would otherwise
 * read every message of each again.
 */
export function searchConversations(
  conversations: readonly Conversation[],
  query: string,
  snippets = Infinity,
): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return conversations.map((c) => ({ id: c.id }));
  const hits: SearchHit[] = [];
  for (const c of conversations) {
    const { title, text } = indexed(c);
    if (!terms.every((t) => title.includes(t) || text.includes(t))) continue;
    const inText = hits.length < snippets ? terms.find((t) => !title.includes(t)) : undefined;
    const snippet = inText ? snippetFor(c, inText) : undefined;
    hits.push(snippet ? { id: c.id, snippet } : { id: c.id });
  }
  return hits;
}
