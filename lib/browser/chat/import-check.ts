import { isAnswerCost } from './cost';
import { isInlineImage } from '../../protocol/image-url';

/**
 * Checks an imported conversation's messages field by field before anything of it is read: an
 * export is a file someone may have written by hand or sent to be imported, and a field of the
 * wrong type (`attachments: {}`, `toolCalls: "x"`) would otherwise reach the views, and a remote
 * `dataUrl` would make the browser fetch it. Returns the first problem as a sentence naming where
 * it is, or null. Storage written by this app is read more leniently (stored-conversation.ts).
 */
export function importProblem(conversation: unknown): string | null {
  if (!isObject(conversation)) return 'the conversation is not an object';
  if (!Array.isArray(conversation.messages)) return 'it has no messages';
  for (let i = 0; i < conversation.messages.length; i++) {
    const problem = messageProblem(conversation.messages[i]);
    if (problem) return `message ${i + 1} ${problem}`;
  }
  const hidden = conversation.hidden;
  if (hidden !== undefined) {
    if (!isObject(hidden)) return '`hidden` is not an object';
    for (const [id, entry] of Object.entries(hidden)) {
      if (!isObject(entry)) return `hidden message ${id} is not an object`;
      const problem = messageProblem(entry.message);
      if (problem) return `hidden message ${id} ${problem}`;
    }
  }
  return null;
}

function messageProblem(m: unknown): string | null {
  if (!isObject(m)) return 'is not an object';
  if (typeof m.id !== 'string' || !m.id) return 'has no id';
  if (typeof m.content !== 'string') return 'has no text';
  if (m.role === 'user') return optional(m, 'attachments', attachmentsProblem);
  if (m.role !== 'assistant') return 'has an unknown role';
  for (const field of ['model', 'reasoning', 'status'] as const)
    if (typeof m[field] !== 'string') return `has no ${field}`;
  for (const field of ['finishReason', 'statusMessage', 'interruption'] as const)
    if (m[field] !== undefined && typeof m[field] !== 'string') return `has a malformed ${field}`;
  if (m.releasedMs !== undefined && !isNumber(m.releasedMs)) return 'has a malformed releasedMs';
  if (m.feedback !== undefined && m.feedback !== 'up' && m.feedback !== 'down')
    return 'has a malformed feedback';
  return (
    optional(m, 'timing', (t) => (numbersOnly(t) ? null : 'is not a set of times')) ??
    optional(m, 'usage', (u) => (numbersOnly(u) ? null : 'is not a set of counts')) ??
    optional(m, 'priorUsage', (u) => (numbersOnly(u) ? null : 'is not a set of counts')) ??
    optional(m, 'costs', (c) =>
      Array.isArray(c) && c.every(isAnswerCost) ? null : 'is not a list of amounts and currencies',
    ) ??
    optional(m, 'error', errorProblem) ??
    optional(m, 'toolCalls', toolCallsProblem)
  );
}

function optional(
  m: Record<string, unknown>,
  field: string,
  check: (value: unknown) => string | null,
): string | null {
  if (m[field] === undefined) return null;
  const problem = check(m[field]);
  return problem ? `has a malformed ${field}: it ${problem}` : null;
}

function attachmentsProblem(v: unknown): string | null {
  if (!Array.isArray(v)) return 'is not a list';
  for (const a of v) {
    if (!isObject(a) || typeof a.name !== 'string') return 'has an entry without a name';
    if (a.kind === 'image') {
      if (typeof a.dataUrl !== 'string' || !isInlineImage(a.dataUrl))
        return `has an image (${a.name}) that is not an inline PNG, JPEG, WebP or GIF`;
      if (!isNumber(a.width) || !isNumber(a.height))
        return `has an image (${a.name}) without a size`;
    } else if (a.kind === 'text') {
      if (typeof a.text !== 'string' || typeof a.language !== 'string' || !isNumber(a.tokens))
        return `has a malformed text file (${a.name})`;
    } else return `has an entry (${a.name}) of an unknown kind`;
  }
  return null;
}

function toolCallsProblem(v: unknown): string | null {
  if (!Array.isArray(v)) return 'is not a list';
  const ok = v.every(
    (c) =>
      isObject(c) &&
      isNumber(c.index) &&
      typeof c.id === 'string' &&
      typeof c.name === 'string' &&
      typeof c.arguments === 'string',
  );
  return ok ? null : 'has a malformed call';
}

function errorProblem(v: unknown): string | null {
  return isObject(v) && typeof v.message === 'string' && typeof v.code === 'string'
    ? null
    : 'has no message and code';
}

function numbersOnly(v: unknown): boolean {
  return isObject(v) && Object.values(v).every((x) => x === null || isNumber(x));
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
