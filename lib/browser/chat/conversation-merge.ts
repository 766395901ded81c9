import { ROOT, type Conversation, type HiddenMessage, type TrackedField } from './conversation';
import type { AssistantMessage, Message } from './message';
import { allMessages } from './versions';

/**
 * Two tabs may write the same conversation. Saving merges with what is stored instead of
 * overwriting it, and a tab told of another's save merges that in, so no message is ever lost:
 *
 * - messages are the union of both trees (a message's parent never changes, so the union is a
 *   tree); two answers written after the same message at the same time become two versions;
 * - of two copies of one message, the one with more changes (`rev`) wins — only the tab streaming
 *   an answer changes it, and it counts each change;
 * - title, pin, model and settings: the later change wins (`changed`), and so does an answer's
 *   thumbs (`feedbackAt`), whichever copy of the answer wins;
 * - the shown path is the local one, extended by turns the other side added after its end. Where
 *   the other side shows a message this side did not have yet (a version it just made), the path
 *   follows it when `follow(id of the local message there)` allows — not over a turn this tab
 *   wrote itself, so two tabs writing at once each keep showing their own.
 */
export function mergeConversations(
  local: Conversation,
  incoming: Conversation,
  now: number,
  follow: (localId: string) => boolean = () => false,
): Conversation {
  let differs = false;
  const removed = new Set([...(local.removed ?? []), ...(incoming.removed ?? [])]);
  const nodes = new Map<string, { parent: string; message: Message }>();
  for (const node of allMessages(incoming))
    if (!removed.has(node.message.id)) nodes.set(node.message.id, node);
  const localNodes = allMessages(local);
  const known = new Set(localNodes.map((n) => n.message.id));
  for (const node of localNodes) {
    if (removed.has(node.message.id)) continue;
    const theirs = nodes.get(node.message.id);
    if (!theirs) {
      nodes.set(node.message.id, node);
      continue;
    }
    const message = withLaterFeedback(
      newer(node.message, theirs.message),
      node.message,
      theirs.message,
    );
    if (message !== node.message) differs = true;
    nodes.set(node.message.id, { parent: node.parent, message });
  }
  if (nodes.size !== countMessages(local)) differs = true;

  const children = childrenByParent(nodes);
  const fork = local.messages.findIndex((m, i) => incoming.messages[i]?.id !== m.id);
  const theirs = fork < 0 ? undefined : incoming.messages[fork];
  const followTheirs = theirs && !known.has(theirs.id) && follow(local.messages[fork]!.id);
  const [preferred, other] = followTheirs
    ? [incoming.messages, local.messages]
    : [local.messages, incoming.messages];
  const path = extendPath(preferred, other, nodes, children);
  if (!samePath(path, local.messages)) differs = true;

  const onPath = new Set(path.map((m) => m.id));
  const hiddenBefore = { ...incoming.hidden, ...local.hidden };
  const hidden: Record<string, HiddenMessage> = {};
  for (const [id, node] of nodes) {
    if (onPath.has(id)) continue;
    hidden[id] = {
      parent: node.parent,
      hiddenAt: hiddenBefore[id]?.hiddenAt ?? now,
      message: node.message,
    };
  }
  const versions: Record<string, string[]> = {};
  for (const [parent, ids] of children) if (ids.length > 1) versions[parent] = ids;

  const fields = mergeFields(local, incoming);
  if (fields !== null) differs = true;
  if (removed.size > (local.removed?.length ?? 0)) differs = true;
  if (!differs && sameVersions(local.versions, versions)) return local;
  return {
    ...local,
    ...fields,
    ...(removed.size ? { removed: [...removed] } : {}),
    createdAt: Math.min(local.createdAt, incoming.createdAt),
    updatedAt: Math.max(local.updatedAt, incoming.updatedAt),
    messages: path.map((m) => nodes.get(m.id)!.message),
    hidden,
    versions,
  };
}

/**
 * Of two copies of one message, the one with more changes. At the same count: an ended answer over
 * one still streaming, an answer its own tab ended over one another tab marked cut off (it could
 * not know), then the longer one; else `a`.
 */
function newer(a: Message, b: Message): Message {
  if (a === b || a.role !== 'assistant' || b.role !== 'assistant') return a;
  const ra = a.rev ?? 0;
  const rb = b.rev ?? 0;
  if (ra !== rb) return ra > rb ? a : b;
  const rank = (m: AssistantMessage) =>
    m.status === 'streaming' ? 0 : m.interruption === 'reload' ? 1 : 2;
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  return b.content.length > a.content.length ? b : a;
}

/** `winner`, with the thumbs of the other copy (`a` or `b`) when they were given later. */
function withLaterFeedback(winner: Message, a: Message, b: Message): Message {
  const other = winner === a ? b : a;
  if (winner.role !== 'assistant' || other.role !== 'assistant') return winner;
  if ((other.feedbackAt ?? 0) <= (winner.feedbackAt ?? 0)) return winner;
  const { feedback: _dropped, ...rest } = winner;
  return {
    ...rest,
    ...(other.feedback ? { feedback: other.feedback } : {}),
    feedbackAt: other.feedbackAt!,
  };
}

function countMessages(c: Conversation): number {
  return c.messages.length + Object.keys(c.hidden ?? {}).length;
}

function childrenByParent(nodes: Map<string, { parent: string; message: Message }>) {
  const children = new Map<string, string[]>();
  const sorted = [...nodes.values()].sort(
    (x, y) =>
      x.message.createdAt - y.message.createdAt ||
      (x.message.id < y.message.id ? -1 : x.message.id > y.message.id ? 1 : 0),
  );
  for (const { parent, message } of sorted) {
    const list = children.get(parent);
    if (list) list.push(message.id);
    else children.set(parent, [message.id]);
  }
  return children;
}

/**
 * The preferred path, as far as it holds together, then down to a leaf: at each fork the child the
 * other path went through, else the newest.
 */
function extendPath(
  preferred: readonly Message[],
  other: readonly Message[],
  nodes: Map<string, { parent: string; message: Message }>,
  children: Map<string, string[]>,
): Message[] {
  const path: Message[] = [];
  let parent = ROOT;
  for (const m of preferred) {
    if (nodes.get(m.id)?.parent !== parent) break;
    path.push(m);
    parent = m.id;
  }
  const otherIds = new Set(other.map((m) => m.id));
  for (;;) {
    const kids = children.get(parent);
    if (!kids?.length) return path;
    const next = kids.find((id) => otherIds.has(id)) ?? kids.at(-1)!;
    path.push(nodes.get(next)!.message);
    parent = next;
  }
}

function samePath(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((m, i) => m.id === b[i]!.id);
}

function sameVersions(
  a: Record<string, string[]> | undefined,
  b: Record<string, string[]>,
): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a ?? {}).length !== keys.length) return false;
  return keys.every((k) => a?.[k]?.join('\n') === b[k]!.join('\n'));
}

/** Tracked fields where `incoming` changed later than `local`, or null when there are none. */
function mergeFields(local: Conversation, incoming: Conversation): Partial<Conversation> | null {
  const out: Partial<Conversation> = {};
  const changed = { ...local.changed };
  let any = false;
  const take = (field: TrackedField, apply: () => void) => {
    const theirs = incoming.changed?.[field] ?? 0;
    if (theirs <= (local.changed?.[field] ?? 0)) return;
    apply();
    changed[field] = theirs;
    any = true;
  };
  take('title', () => {
    out.title = incoming.title;
    if (incoming.titleEdited) out.titleEdited = true;
    else out.titleEdited = false;
  });
  take('pinned', () => (out.pinned = Boolean(incoming.pinned)));
  take('model', () => (out.model = incoming.model));
  take('settings', () => (out.settings = incoming.settings));
  if (!any) return null;
  out.changed = changed;
  return out;
}
