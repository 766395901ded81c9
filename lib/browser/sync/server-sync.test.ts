import { describe, expect, it, vi } from 'vitest';
import { createConversation, type Conversation } from '../chat/conversation';
import { mergeConversations } from '../chat/conversation-merge';
import { createMemoryBackend } from '../chat/kv-backend';
import { createMergedPersistence } from '../chat/merged-persistence';
import type { TabMessage } from '../chat/tab-channel';
import { createServerSync } from './server-sync';
import type { PutOutcome, SyncApi } from './sync-api';
import { createLedgerStore, type TabPresence } from './sync-ledger';
import { memoryStorage } from '../../../testing/unit/memory-storage';

function withMessage(c: Conversation, id: string, content: string): Conversation {
  return {
    ...c,
    messages: [...c.messages, { id, role: 'user', content, createdAt: 1 }],
  };
}

function harness(
  outcomes: PutOutcome[] = [],
  changesPage = Infinity,
  /** What the first write waits for (a write paused while offline, sent on return). */
  firstWriteAfter?: Promise<void>,
  /** Each write answers a macrotask later, so that writes sent together overlap. */
  slowWrites = false,
  /** The batch read, in place of the server's (a batch that answers for none). */
  getMany?: SyncApi['getMany'],
) {
  const server = new Map<string, { conversation: Conversation; revision: number }>();
  const writes: { id: string; base: number | undefined; messages: string[] }[] = [];
  /** Which tab sent each write, and whether the browser is offline (every write fails then). */
  const writers: string[] = [];
  let offline = false;
  const posted: TabMessage[] = [];
  const reads: string[][] = [];
  const removed: string[] = [];
  /** Conversations deleted on the server: in its changes as deletions. */
  const tombstones: string[] = [];
  let changeRequests = 0;
  let writing = 0;
  let mostAtOnce = 0;
  const merge = (a: Conversation, b: Conversation) => mergeConversations(a, b, 5);
  const backend = createMemoryBackend();
  const persistence = (mergeEveryWrite: boolean) =>
    createMergedPersistence(
      backend,
      () => undefined,
      undefined,
      () => Promise.resolve(merge),
      {
        mergeEveryWrite,
      },
    );
  // As the page wires them (components/store/use-server-sync.ts).
  const local = persistence(true);
  /** The page's own persistence: the other writer of the same local copy. */
  const page = persistence(false);
  const storage = memoryStorage();
  const api: SyncApi = {
    changes: async (_since, cursor) => {
      changeRequests++;
      const all = [
        ...[...server.values()].map((s) => ({
          id: s.conversation.id,
          revision: s.revision,
          changedAt: s.revision,
        })),
        ...tombstones.map((id) => ({ id, revision: 9, changedAt: 9, deleted: true })),
      ];
      const from = Number(cursor ?? 0);
      const end = from + changesPage;
      return {
        conversations: all.slice(from, end),
        now: 100,
        ...(end < all.length ? { next: String(end) } : {}),
      };
    },
    get: async (id) => server.get(id) ?? null,
    getMany: async (ids) => {
      reads.push(ids);
      if (getMany) return getMany(ids);
      const found = ids.flatMap((id) => (server.has(id) ? [server.get(id)!] : []));
      return { conversations: found, missing: ids.filter((id) => !server.has(id)), rest: [] };
    },
    put: async () => ({ kind: 'offline' }),
    remove: async (id) => {
      if (offline) return false;
      removed.push(id);
      server.delete(id);
      return true;
    },
    importAll: async () => null,
  };
  /** A tab of the page: its ledger (over the one storage) and its sync. */
  const openTab = (tab: TabPresence = { id: 'page', openTabs: async () => null }) => {
    const ledger = createLedgerStore(() => storage, 'u', tab);
    const sync = createServerSync({
      api,
      local,
      channel: { post: (m) => posted.push(m), listen: () => () => undefined },
      ledger,
      merge,
      readMany: api.getMany,
      write: async (conversation, base) => {
        writers.push(tab.id);
        if (offline) return { kind: 'offline' };
        // Every message kept, shown or a hidden version.
        const ids = [
          ...conversation.messages.map((m) => m.id),
          ...Object.keys(conversation.hidden ?? {}),
        ];
        writes.push({ id: conversation.id, base, messages: ids });
        writing++;
        mostAtOnce = Math.max(mostAtOnce, writing);
        try {
          if (writes.length === 1 && firstWriteAfter) await firstWriteAfter;
          if (slowWrites) await new Promise((resolve) => setTimeout(resolve, 0));
        } finally {
          writing--;
        }
        const scripted = outcomes.shift();
        if (scripted) return scripted;
        // As the server: a write goes only over the revision it was based on.
        const current = server.get(conversation.id)?.revision;
        if (current !== undefined && base !== current)
          return { kind: 'conflict', revision: current };
        const revision = (current ?? 0) + 1;
        server.set(conversation.id, { conversation, revision });
        return { kind: 'written', revision };
      },
    });
    return { ledger, sync };
  };
  const { ledger, sync } = openTab();
  return {
    openTab,
    storage,
    writers,
    setOffline: (value: boolean) => void (offline = value),
    server,
    writes,
    posted,
    reads,
    removed,
    tombstones,
    local,
    page,
    ledger,
    sync,
    changeRequests: () => changeRequests,
    mostAtOnce: () => mostAtOnce,
  };
}

describe('server sync', () => {
  it('sends a change at once, based on no revision, and remembers the one it got', async () => {
    const t = harness();
    await t.local.saveConversation(withMessage(createConversation('c', null, 1), 'q1', 'hi'));
    t.sync.changed('c');
    await vi.waitFor(() =>
      expect(t.ledger.get()).toMatchObject({ revisions: { c: 1 }, dirty: [] }),
    );
    expect(t.writes).toEqual([{ id: 'c', base: undefined, messages: ['q1'] }]);
  });

  it('merges a conflict, keeping both sides, and sends the merge over the server’s revision', async () => {
    const t = harness([{ kind: 'conflict', revision: 3 }]);
    const base = createConversation('c', null, 1);
    t.server.set('c', { conversation: withMessage(base, 'theirs', 'from the phone'), revision: 3 });
    await t.local.saveConversation(withMessage(base, 'mine', 'from the laptop'));
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.writes).toHaveLength(2));
    expect(t.writes.at(-1)).toMatchObject({ base: 3 });
    expect(t.writes.at(-1)!.messages.sort()).toEqual(['mine', 'theirs']);
    // Two first questions written apart: two versions, this side's shown.
    const here = await t.local.loadConversation!('c');
    expect(here!.messages.map((m) => m.id)).toEqual(['mine']);
    expect(Object.keys(here!.hidden ?? {})).toEqual(['theirs']);
    expect(t.posted).toContainEqual({ type: 'saved', id: 'c' });
  });

  it('keeps a change made offline and sends it with the next sync', async () => {
    const t = harness([{ kind: 'offline' }]);
    await t.local.saveConversation(withMessage(createConversation('c', null, 1), 'q', 'offline'));
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.writes).toHaveLength(1));
    expect(t.ledger.get().dirty).toEqual(['c']);
    await t.sync.pull();
    expect(t.ledger.get().dirty).toEqual([]);
    expect(t.server.get('c')!.conversation.messages[0]!.content).toBe('offline');
  });

  it('sends what a first sync finds here two writes at a time, and all of it', async () => {
    const t = harness([], Infinity, undefined, true);
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const id of ids)
      await t.local.saveConversation(withMessage(createConversation(id, null, 1), `${id}-q`, id));
    await t.sync.pull();
    expect([...t.server.keys()].sort()).toEqual(ids);
    expect(t.ledger.get().dirty).toEqual([]);
    expect(t.mostAtOnce()).toBe(2);
  });

  it('brings the server’s conversations in and tells the page to read them', async () => {
    const t = harness();
    t.server.set('s', {
      conversation: withMessage(createConversation('s', null, 1), 'q', 'elsewhere'),
      revision: 2,
    });
    await t.sync.pull();
    expect((await t.local.loadConversation!('s'))!.messages[0]!.content).toBe('elsewhere');
    expect(t.posted).toContainEqual({ type: 'saved', id: 's' });
    expect(t.ledger.get()).toMatchObject({ since: 100, revisions: { s: 2 }, primed: true });
  });

  it('catches a new device up in pages: 250 conversations in 3 pages of changes and 3 reads', async () => {
    const t = harness([], 100);
    for (let i = 0; i < 250; i++) {
      const id = `c${i}`;
      t.server.set(id, {
        conversation: withMessage(createConversation(id, null, 1), `q${i}`, `text ${i}`),
        revision: 1,
      });
    }
    await t.sync.pull();
    expect(t.changeRequests()).toBe(3);
    expect(t.reads.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect((await t.local.load()).conversations).toHaveLength(250);
    expect(Object.keys(t.ledger.get().revisions)).toHaveLength(250);
    // The next sync reads nothing again.
    await t.sync.pull();
    expect(t.reads).toHaveLength(3);
  });

  it('keeps this browser’s newer edits over an older server copy read meanwhile', async () => {
    const t = harness([{ kind: 'offline' }]);
    const base = withMessage(createConversation('c', null, 1), 'q', 'hi');
    t.server.set('c', { conversation: base, revision: 1 });
    t.ledger.update((l) => ({ ...l, revisions: { c: 1 }, changedAt: { c: 0 } }));
    // Pinned here after the server's copy was written (the local copy's last writer is this one).
    await t.local.saveConversation({ ...base, pinned: true, changed: { pinned: 9 } });
    await t.sync.pull();
    expect((await t.local.loadConversation!('c'))!.pinned).toBe(true);
  });

  it('keeps the page’s edits made while a write was waiting, when that write meets a newer copy', async () => {
    let sendNow!: () => void;
    const t = harness([], Infinity, new Promise<void>((resolve) => (sendNow = resolve)));
    const base = withMessage(createConversation('c', null, 1), 'q', 'hi');
    t.server.set('c', { conversation: base, revision: 1 });
    t.ledger.update((l) => ({ ...l, since: 50, revisions: { c: 1 }, changedAt: { c: 1 } }));
    // Offline: a rename is sent (and waits), then the page pins it.
    const renamed = { ...base, title: 'Mine', changed: { title: 10 } };
    await t.page.saveConversation(renamed);
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.writes).toHaveLength(1));
    await t.page.saveConversation({ ...renamed, pinned: true, changed: { title: 10, pinned: 11 } });
    t.sync.changed('c');
    // Meanwhile another device renamed it later; back online, the sync reads that in first.
    t.server.set('c', {
      conversation: { ...base, title: 'Theirs', changed: { title: 12 } },
      revision: 2,
    });
    const pulled = t.sync.pull();
    await vi.waitFor(async () =>
      expect(await t.local.loadConversation!('c')).toMatchObject({ title: 'Theirs' }),
    );
    // Then the waiting write goes, meets revision 2, and is merged and sent again.
    sendNow();
    await pulled;
    await vi.waitFor(() => expect(t.ledger.get().dirty).toEqual([]));
    await t.sync.flush();
    const here = await t.local.loadConversation!('c');
    expect(here).toMatchObject({ title: 'Theirs', pinned: true });
    expect(t.server.get('c')!.conversation).toMatchObject({ title: 'Theirs', pinned: true });
  });

  it('deletes on the server a new conversation deleted while its first upload was on its way', async () => {
    let land!: () => void;
    const t = harness([], Infinity, new Promise<void>((resolve) => (land = resolve)));
    await t.local.saveConversation(withMessage(createConversation('c', null, 1), 'q', 'new'));
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.writes).toHaveLength(1));
    await t.local.deleteConversation('c');
    const deleting = t.sync.deleted('c');
    land();
    await deleting;
    expect(t.removed).toEqual(['c']);
    expect(t.server.has('c')).toBe(false);
  });

  it('reads on past a batch that answered for none of its ids', async () => {
    const t = harness([], Infinity, undefined, false, async (ids) =>
      // The first asked for was deleted between the batch's two reads: not read, not missing.
      ids[0] === 'a' ? { conversations: [], missing: [], rest: ids.slice(1) } : readAll(ids),
    );
    function readAll(ids: string[]) {
      return {
        conversations: ids.map((id) => t.server.get(id)!),
        missing: [],
        rest: [],
      };
    }
    for (const id of ['a', 'b', 'c'])
      t.server.set(id, {
        conversation: withMessage(createConversation(id, null, 1), `${id}-q`, id),
        revision: 1,
      });
    await t.sync.bringIn(['a', 'b', 'c']);
    expect(t.reads).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
    ]);
    expect(await t.local.loadConversation!('c')).toBeTruthy();
  });

  it('puts back a deleted conversation (Undo) as a new write, which the server takes', async () => {
    const t = harness();
    const c = withMessage(createConversation('c', null, 1), 'q', 'kept');
    await t.local.saveConversation(c);
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.ledger.get().revisions).toEqual({ c: 1 }));
    await t.local.deleteConversation('c');
    await t.sync.deleted('c');
    expect(t.removed).toEqual(['c']);
    expect(t.ledger.get()).toMatchObject({ revisions: {}, deleted: [] });
    await t.local.saveConversation(c);
    t.sync.changed('c');
    await vi.waitFor(() => expect(t.ledger.get().revisions).toEqual({ c: 1 }));
    expect(t.writes.at(-1)).toMatchObject({ id: 'c', base: undefined });
    expect(t.server.has('c')).toBe(true);
    expect(await t.local.loadConversation!('c')).toBeTruthy();
  });

  it('lets go, on its first sync, of what it holds that the server deleted (its ledger lost)', async () => {
    const t = harness();
    await t.local.saveConversation(withMessage(createConversation('gone', null, 1), 'q', 'old'));
    await t.local.saveConversation(withMessage(createConversation('new', null, 1), 'q', 'mine'));
    t.tombstones.push('gone');
    await t.sync.pull();
    expect(await t.local.loadConversation!('gone')).toBeFalsy();
    expect([...t.server.keys()]).toEqual(['new']);
  });
});

describe('server sync across a user’s tabs', () => {
  /** Tabs known by the locks they hold: `open` lists the tabs still open. */
  const tabsOf = (open: Set<string>) => (id: string) => ({
    id,
    openTabs: async () => new Set(open),
  });
  /** A harness whose first sync ran (as every open signed-in page's has) and `tabs` opened. */
  async function browserWith<T extends string>(tabs: Record<T, TabPresence>) {
    const t = harness();
    await t.sync.pull();
    const opened = Object.fromEntries(
      Object.entries<TabPresence>(tabs).map(([name, tab]) => [name, t.openTab(tab)]),
    ) as Record<T, ReturnType<typeof t.openTab>>;
    return { t, ...opened };
  }
  const save = (t: ReturnType<typeof harness>, id: string) =>
    t.local.saveConversation(withMessage(createConversation(id, null, 1), `${id}-q`, id));
  /** Changes `id` in `tab` and waits for its first write (offline, it fails). */
  async function change(
    t: ReturnType<typeof harness>,
    tab: ReturnType<ReturnType<typeof harness>['openTab']>,
    id: string,
  ) {
    await save(t, id);
    const before = t.writers.length;
    tab.sync.changed(id);
    await vi.waitFor(() => expect(t.writers.length).toBeGreaterThan(before));
  }

  it('sends an offline change of a tab that then closed, with the next tab’s sync', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    t.setOffline(true);
    // Offline, each tab changes a conversation of its own.
    await change(t, a, 'x');
    await change(t, b, 'y');
    // A is closed before it could send; back online, B's next sync sends both.
    open.delete('a');
    const sentBefore = t.writers.length;
    t.setOffline(false);
    await b.sync.pull();
    expect([...t.server.keys()].sort()).toEqual(['x', 'y']);
    expect(t.writers.slice(sentBefore)).toEqual(['b', 'b']);
    expect(b.ledger.get().dirty).toEqual([]);
    const keys = Array.from({ length: t.storage.length }, (_, i) => t.storage.key(i));
    expect(keys.filter((k) => k?.includes('sync-tab'))).toEqual([]);
  });

  it('leaves what another open tab has not sent to that tab, whose mark stays', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    t.setOffline(true);
    await change(t, a, 'x');
    t.setOffline(false);
    // B syncs while A's change waits: it does not send A's conversation.
    await b.sync.pull();
    expect(t.writers).not.toContain('b');
    expect(b.ledger.waiting()).toEqual(new Set(['x']));
    // A's own sync sends it, and no mark is left.
    await a.sync.pull();
    expect(t.server.has('x')).toBe(true);
    expect(b.ledger.waiting()).toEqual(new Set());
    expect(t.writers).not.toContain('b');
  });

  it('shares revisions: a tab’s change does not put back another’s older copy', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    await change(t, a, 'x');
    await vi.waitFor(() => expect(a.ledger.get().revisions).toEqual({ x: 1 }));
    await change(t, b, 'y');
    await vi.waitFor(() => expect(b.ledger.get().revisions).toEqual({ x: 1, y: 1 }));
    expect(a.ledger.get().revisions).toEqual({ x: 1, y: 1 });
  });

  it('takes over the marks of a ledger kept before tabs had their own', async () => {
    const t = harness();
    t.storage.setItem(
      'runnel:sync:u',
      JSON.stringify({ since: 0, revisions: {}, changedAt: {}, dirty: ['x'], primed: true }),
    );
    await save(t, 'x');
    const tab = t.openTab(tabsOf(new Set(['c']))('c'));
    await tab.sync.pull();
    expect(t.server.has('x')).toBe(true);
    expect(JSON.parse(t.storage.getItem('runnel:sync:u')!)).not.toHaveProperty('dirty');
  });

  it('where the browser cannot tell which tabs are open, takes over others’ marks once', async () => {
    const unknown = (id: string): TabPresence => ({ id, openTabs: async () => null });
    const { t, a } = await browserWith({ a: unknown('a') });
    t.setOffline(true);
    await change(t, a, 'x');
    t.setOffline(false);
    const b = t.openTab(unknown('b'));
    await b.sync.pull();
    expect(t.server.has('x')).toBe(true);
    // A's later marks stay A's.
    t.setOffline(true);
    await change(t, a, 'y');
    t.setOffline(false);
    await b.sync.pull();
    expect(t.server.has('y')).toBe(false);
    expect(a.ledger.get().dirty).toContain('y');
  });

  it('keeps a conversation another open tab has not sent when the server deletes it', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    await change(t, a, 'x');
    await vi.waitFor(() => expect(t.server.has('x')).toBe(true));
    // Offline, A changes it again; meanwhile another device deletes it.
    t.setOffline(true);
    await change(t, a, 'x');
    t.tombstones.push('x');
    t.server.delete('x');
    // B's sync leaves it, and A's unsent change, to A (whose own send settles it, as it would a
    // change of its own).
    await b.sync.pull();
    expect(await t.local.loadConversation!('x')).toBeTruthy();
  });

  it('sends the deletions of a tab that closed before it could', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    await change(t, a, 'x');
    await vi.waitFor(() => expect(t.server.has('x')).toBe(true));
    await t.local.deleteConversation('x');
    t.setOffline(true);
    await a.sync.deleted('x');
    expect(a.ledger.get().deleted).toEqual(['x']);
    open.delete('a');
    t.setOffline(false);
    await b.sync.pull();
    expect(t.removed).toEqual(['x']);
    expect(t.server.has('x')).toBe(false);
  });

  it('lets go of a mark whose conversation was deleted here meanwhile', async () => {
    const open = new Set(['a', 'b']);
    const { t, a, b } = await browserWith({ a: tabsOf(open)('a'), b: tabsOf(open)('b') });
    t.setOffline(true);
    await change(t, a, 'x');
    await t.local.deleteConversation('x');
    t.setOffline(false);
    open.delete('a');
    await b.sync.pull();
    expect(b.ledger.get().dirty).toEqual([]);
    expect(b.ledger.waiting()).toEqual(new Set());
  });
});
