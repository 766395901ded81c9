import {
  DEFAULT_SETTINGS,
  UNTITLED,
  type Conversation,
  type HiddenMessage,
  type TrackedField,
} from './conversation';
import type { Message } from './message';
import { deriveVersions } from './versions';

/**
 * Reads a conversation from storage or from an imported file, whichever release wrote it. The first
 * releases kept one line of messages (`messages` only, no `versions`/`hidden`): that is a tree with
 * a single path, so it loads as it is. Anything malformed inside is dropped rather than trusted;
 * a record that is not a conversation at all is refused with the reason. No schema library: this
 * runs in the browser, whose bundle stays small.
 */
export function readConversation(
  value: unknown,
): { ok: true; conversation: Conversation } | { ok: false; error: string } {
  if (!isObject(value)) return { ok: false, error: 'it is not an object' };
  if (typeof value.id !== 'string' || !value.id) return { ok: false, error: 'it has no id' };
  if (!Array.isArray(value.messages)) return { ok: false, error: 'it has no messages' };
  const messages = value.messages.filter(isMessage);
  if (messages.length !== value.messages.length)
    return { ok: false, error: 'some of its messages are malformed' };
  const createdAt = num(value.createdAt) ?? 0;
  const settings = isObject(value.settings) ? value.settings : {};
  const conversation: Conversation = {
    id: value.id,
    title: typeof value.title === 'string' && value.title.trim() ? value.title : UNTITLED,
    ...(value.titleEdited === true ? { titleEdited: true } : {}),
    createdAt,
    updatedAt: num(value.updatedAt) ?? createdAt,
    model: typeof value.model === 'string' ? value.model : null,
    settings: {
      systemPrompt:
        typeof settings.systemPrompt === 'string'
          ? settings.systemPrompt
          : DEFAULT_SETTINGS.systemPrompt,
      temperature: num(settings.temperature) ?? null,
      maxTokens: num(settings.maxTokens) ?? null,
      reasoningEffort:
        typeof settings.reasoningEffort === 'string'
          ? (settings.reasoningEffort as Conversation['settings']['reasoningEffort'])
          : null,
    },
    messages,
  };
  const hidden = readHidden(value.hidden, new Set(messages.map((m) => m.id)));
  if (hidden) {
    conversation.hidden = hidden;
    // Derived rather than read: the version lists then always match the messages there are.
    const versions = deriveVersions(conversation);
    if (Object.keys(versions).length) conversation.versions = versions;
  }
  if (value.pinned === true) conversation.pinned = true;
  if (Array.isArray(value.removed))
    conversation.removed = value.removed.filter((id): id is string => typeof id === 'string');
  const changed = readChanged(value.changed);
  if (changed) conversation.changed = changed;
  return { ok: true, conversation };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function isMessage(v: unknown): v is Message {
  if (!isObject(v) || typeof v.id !== 'string' || !v.id || typeof v.content !== 'string')
    return false;
  if (typeof v.createdAt !== 'number') return false;
  if (v.role === 'user') return true;
  return (
    v.role === 'assistant' &&
    typeof v.model === 'string' &&
    typeof v.reasoning === 'string' &&
    typeof v.status === 'string' &&
    isObject(v.timing)
  );
}

function readHidden(
  v: unknown,
  shown: ReadonlySet<string>,
): Record<string, HiddenMessage> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, HiddenMessage> = {};
  for (const [id, h] of Object.entries(v)) {
    if (!isObject(h) || typeof h.parent !== 'string' || !isMessage(h.message)) continue;
    if (h.message.id !== id || shown.has(id)) continue;
    out[id] = { parent: h.parent, hiddenAt: num(h.hiddenAt) ?? 0, message: h.message };
  }
  return Object.keys(out).length ? out : undefined;
}

const TRACKED: readonly TrackedField[] = ['title', 'pinned', 'model', 'settings'];

function readChanged(v: unknown): Conversation['changed'] {
  if (!isObject(v)) return undefined;
  const out: Partial<Record<TrackedField, number>> = {};
  for (const field of TRACKED) {
    const at = num(v[field]);
    if (at !== undefined) out[field] = at;
  }
  return Object.keys(out).length ? out : undefined;
}
