import type { Conversation, HiddenMessage } from './conversation';
import type { Message } from './message';
import { hide, parentKeyAt } from './version-branch';

export { branchAt, parentKeyAt } from './version-branch';

/**
 * A conversation is a tree: Regenerate and Edit add a sibling version of a message instead of
 * overwriting it, and the turns written after a version belong to it. `messages` is the path shown
 * (and sent as history); everything else waits in `hidden` with its parent, and `versions` lists the
 * siblings of each message that has more than one. Keeping the shown path as a plain array keeps
 * the streaming hot path what it was: one message patched by index.
 */

/** Where the message at `index` stands among its versions, or null when it has only one. */
export function versionsAt(
  c: Conversation,
  index: number,
): { ids: readonly string[]; position: number } | null {
  const key = parentKeyAt(c.messages, index);
  const ids = key === undefined ? undefined : c.versions?.[key];
  const id = c.messages[index]?.id;
  if (!ids || ids.length < 2 || id === undefined) return null;
  const position = ids.indexOf(id);
  return position < 0 ? null : { ids, position };
}

/**
 * Of several hidden children, the one that left the shown path last (it was the one on screen
 * then); ties go to the newest.
 */
function lastShown(children: readonly HiddenMessage[]): HiddenMessage | undefined {
  let best: HiddenMessage | undefined;
  for (const h of children) {
    if (
      !best ||
      h.hiddenAt > best.hiddenAt ||
      (h.hiddenAt === best.hiddenAt && h.message.createdAt > best.message.createdAt)
    )
      best = h;
  }
  return best;
}

/** Children of each hidden message, by parent key. */
function hiddenChildren(hidden: Record<string, HiddenMessage>): Map<string, HiddenMessage[]> {
  const children = new Map<string, HiddenMessage[]>();
  for (const h of Object.values(hidden)) {
    const list = children.get(h.parent);
    if (list) list.push(h);
    else children.set(h.parent, [h]);
  }
  return children;
}

/**
 * Shows the version `targetId` of the message at `index`: the current one and what follows leave
 * the shown path, the target comes back with the turns written under it (at each fork, the version
 * that was on screen last).
 */
export function showVersion(
  c: Conversation,
  index: number,
  targetId: string,
  now: number,
): Conversation {
  const current = c.messages[index];
  const key = parentKeyAt(c.messages, index);
  const ids = key === undefined ? undefined : c.versions?.[key];
  const target = c.hidden?.[targetId];
  if (!current || !ids?.includes(targetId) || current.id === targetId || !target) return c;
  const hidden = { ...c.hidden, ...hide(c.messages, index, now) };
  const path = c.messages.slice(0, index);
  const children = hiddenChildren(hidden);
  for (let next: HiddenMessage | undefined = target; next;) {
    delete hidden[next.message.id];
    path.push(next.message);
    next = lastShown(children.get(next.message.id) ?? []);
  }
  return { ...c, messages: path, hidden };
}

/** The id of the version `step` places away from the one shown at `index`, if there is one. */
export function neighbourVersion(c: Conversation, index: number, step: -1 | 1): string | undefined {
  const at = versionsAt(c, index);
  return at ? at.ids[at.position + step] : undefined;
}

/** Every message of the conversation, shown or hidden, with its parent key. */
export function allMessages(c: Conversation): { parent: string; message: Message }[] {
  const out = c.messages.map((message, i) => ({ parent: parentKeyAt(c.messages, i)!, message }));
  for (const h of Object.values(c.hidden ?? {})) out.push({ parent: h.parent, message: h.message });
  return out;
}

/** The version lists of a conversation, from its messages' parents (creation order). */
export function deriveVersions(c: Conversation): Record<string, string[]> {
  const byParent = new Map<string, Message[]>();
  for (const { parent, message } of allMessages(c)) {
    const list = byParent.get(parent);
    if (list) list.push(message);
    else byParent.set(parent, [message]);
  }
  const versions: Record<string, string[]> = {};
  for (const [parent, list] of byParent) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    versions[parent] = list.map((m) => m.id);
  }
  return versions;
}
