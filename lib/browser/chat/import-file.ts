import { settleInterrupted } from './apply-event';
import type { Conversation } from './conversation';
import { isAssistant, type Message } from './message';
import { importProblem } from './import-check';
import { readConversation } from './stored-conversation';

/**
 * The markers `conversationToJson` (one conversation) and `conversationsToJson` (all of them)
 * write, and the newest format version this release reads.
 */
const FORMAT = 'runnel.conversation';
const ALL_FORMAT = 'runnel.conversations';
const VERSION = 1;

type Read<T> = ({ ok: true } & T) | { ok: false; error: string };

/** An answer from a file is never still streaming, and its provider session stays where it was. */
function forImport(m: Message): Message {
  if (!isAssistant(m)) return m;
  const { session: _session, ...rest } = settleInterrupted(m);
  return rest;
}

/**
 * Reads a file written by **Export as JSON** (one conversation) or **Export all** (every
 * conversation). Every way it can be wrong gets its own sentence, and nothing is changed until
 * the whole file has been read: one damaged conversation refuses the whole file, naming it.
 */
export function parseExportFile(text: string): Read<{ conversations: Conversation[] }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The file is not JSON.' };
  }
  const file = json as {
    format?: unknown;
    version?: unknown;
    conversation?: unknown;
    conversations?: unknown;
  } | null;
  if (
    typeof file !== 'object' ||
    file === null ||
    (file.format !== FORMAT && file.format !== ALL_FORMAT)
  )
    return { ok: false, error: 'The file is not a Runnel conversation export.' };
  if (typeof file.version !== 'number' || file.version > VERSION)
    return {
      ok: false,
      error: `The file was written by a newer Runnel (format version ${String(file.version)}).`,
    };
  if (file.format === FORMAT) {
    const read = readOne(file.conversation);
    return read.ok ? { ok: true, conversations: [read.conversation] } : read;
  }
  if (!Array.isArray(file.conversations))
    return { ok: false, error: 'The file is damaged: it has no list of conversations.' };
  const conversations: Conversation[] = [];
  for (const [index, item] of file.conversations.entries()) {
    const read = readOne(item);
    if (!read.ok)
      return {
        ok: false,
        error: read.error.replace('The conversation', `Conversation ${index + 1}${titleOf(item)}`),
      };
    conversations.push(read.conversation);
  }
  if (conversations.length === 0) return { ok: false, error: 'The file has no conversations.' };
  return { ok: true, conversations };
}

/** Reads a file written by **Export as JSON**: exactly one conversation. */
export function parseConversationExport(text: string): Read<{ conversation: Conversation }> {
  const read = parseExportFile(text);
  if (!read.ok) return read;
  const [conversation] = read.conversations;
  if (read.conversations.length !== 1 || !conversation)
    return { ok: false, error: 'The file holds several conversations, not one.' };
  return { ok: true, conversation };
}

/** ` (“Title”)` of a conversation in a file, when it has a readable title, to name it in an error. */
function titleOf(item: unknown): string {
  const title = (item as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title ? ` (“${title.slice(0, 60)}”)` : '';
}

function readOne(conversation: unknown): Read<{ conversation: Conversation }> {
  const problem = importProblem(conversation);
  if (problem) return { ok: false, error: `The conversation in the file is damaged: ${problem}.` };
  const read = readConversation(conversation);
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
