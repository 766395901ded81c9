import { settleInterrupted } from './apply-event';
import type { Conversation } from './conversation';
import { isAssistant, type Message } from './message';
import { importProblem } from './import-check';
import { readConversation } from './stored-conversation';

/** The marker `conversationToJson` writes, and the newest format version this release reads. */
const FORMAT = 'runnel.conversation';
const VERSION = 1;

/** An answer from a file is never still streaming, and its provider session stays where it was. */
function forImport(m: Message): Message {
  if (!isAssistant(m)) return m;
  const { session: _session, ...rest } = settleInterrupted(m);
  return rest;
}

/**
 * Reads a file written by **Export as JSON**. Every way it can be wrong gets its own sentence, and
 * nothing is changed until the whole file has been read.
 */
export function parseConversationExport(
  text: string,
): { ok: true; conversation: Conversation } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The file is not JSON.' };
  }
  const file = json as { format?: unknown; version?: unknown; conversation?: unknown } | null;
  if (typeof file !== 'object' || file === null || file.format !== FORMAT)
    return { ok: false, error: 'The file is not a Runnel conversation export.' };
  if (typeof file.version !== 'number' || file.version > VERSION)
    return {
      ok: false,
      error: `The file was written by a newer Runnel (format version ${String(file.version)}).`,
    };
  const problem = importProblem(file.conversation);
  if (problem) return { ok: false, error: `The conversation in the file is damaged: ${problem}.` };
  const read = readConversation(file.conversation);
  if (!read.ok)
    return { ok: false, error: `The conversation in the file is damaged: ${read.error}.` };
  const c = read.conversation;
  const hidden = c.hidden
    ? Object.fromEntries(
        Object.entries(c.hidden).map(([id, h]) => [id, { ...h, message: forImport(h.message) }]),
      )
    : undefined;
  return {
    ok: true,
    conversation: { ...c, messages: c.messages.map(forImport), ...(hidden ? { hidden } : {}) },
  };
}
