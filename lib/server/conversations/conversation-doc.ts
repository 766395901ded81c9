import 'server-only';

import { z } from 'zod';

/** Longest conversation id, title and search text the server keeps. */
const MAX_ID = 100;
const MAX_TITLE = 500;
/** Search looks at the title and the first this-many characters of the messages. */
const SEARCH_CHARS = 8_000;

const message = z
  .object({
    id: z.string().min(1).max(MAX_ID),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    createdAt: z.number().finite(),
  })
  .loose();

/**
 * A conversation as the browser keeps it: the fields the server reads are checked, the rest
 * (versions, settings, attachments, usage) is kept as sent. Message text is untrusted: it is only
 * ever stored and sent back as JSON, never interpreted.
 */
export const conversationDocSchema = z
  .object({
    id: z.string().min(1).max(MAX_ID),
    // Cut, not refused: a title pasted long in the rename box is no reason to stop syncing the
    // conversation (a refused copy is never sent again).
    title: z.string().transform((title) => title.slice(0, MAX_TITLE)),
    // Milliseconds since 1970, kept in integer columns: 1.5 or 1e20 is refused here (400), not by
    // the database (500).
    createdAt: z.number().int().min(0),
    updatedAt: z.number().int().min(0),
    pinned: z.boolean().optional(),
    messages: z.array(message),
    hidden: z.record(z.string(), z.object({ parent: z.string(), message }).loose()).optional(),
  })
  .loose();

export type ConversationDoc = z.infer<typeof conversationDocSchema>;
export type MessageDoc = z.infer<typeof message>;

/** Lower-cased title and message text, cut at a bound: what the list's search looks in. */
export function searchText(doc: ConversationDoc): string {
  let text = doc.title;
  for (const m of doc.messages) {
    if (text.length >= SEARCH_CHARS) break;
    text += `\n${m.content}`;
  }
  return text.slice(0, SEARCH_CHARS).toLowerCase();
}
