import { ROOT, type Conversation, type HiddenMessage } from './conversation';
import type { Message } from './message';

// Starting a version (Regenerate, Edit), apart from the rest of versions.ts: the run loop needs
// only this, and the page loads switching, merging and searching versions when first used.

/** The parent key of the message at `index` on the shown path (`ROOT` for the first). */
export function parentKeyAt(messages: readonly Message[], index: number): string | undefined {
  if (index === 0) return ROOT;
  return messages[index - 1]?.id;
}

/** The messages from `from` on, as hidden entries stamped `now`. */
export function hide(messages: readonly Message[], from: number, now: number) {
  const out: Record<string, HiddenMessage> = {};
  for (let i = from; i < messages.length; i++) {
    const message = messages[i]!;
    out[message.id] = { parent: parentKeyAt(messages, i)!, hiddenAt: now, message };
  }
  return out;
}

/**
 * Starts a new version at `index`: the message there and everything after it leave the shown path
 * (kept, under their parents) and `fresh` takes their place, its first message a sibling of the
 * one it replaces.
 */
export function branchAt(
  c: Conversation,
  index: number,
  fresh: readonly Message[],
  now: number,
): Conversation {
  const replaced = c.messages[index];
  const first = fresh[0];
  const key = parentKeyAt(c.messages, index);
  if (!replaced || !first || key === undefined) return c;
  const siblings = c.versions?.[key] ?? [replaced.id];
  return {
    ...c,
    messages: [...c.messages.slice(0, index), ...fresh],
    hidden: { ...c.hidden, ...hide(c.messages, index, now) },
    versions: { ...c.versions, [key]: [...siblings, first.id] },
  };
}
