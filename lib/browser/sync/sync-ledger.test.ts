import { describe, expect, it } from 'vitest';
import { ledgerKey } from './clear-local-copy';
import { createLedgerStore, type SyncLedger } from './sync-ledger';

/** One origin's `localStorage`, shared by the stores of several tabs. */
function sharedStorage() {
  const items = new Map<string, string>();
  let failing = false;
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (failing) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => items.delete(k),
  } as unknown as Storage;
  return { storage, items, fail: (on: boolean) => (failing = on) };
}

const markDirty =
  (id: string) =>
  (l: SyncLedger): SyncLedger => ({ ...l, dirty: [...l.dirty, id] });

describe('the sync ledger shared by tabs', () => {
  it("keeps what each tab marked: a tab's change does not write back its older copy", () => {
    const { storage } = sharedStorage();
    const a = createLedgerStore(() => storage, 'u');
    const b = createLedgerStore(() => storage, 'u');
    b.get(); // b has read the ledger before a changes it
    a.update(markDirty('offline-edit-in-a'));
    b.update((l) => ({ ...l, since: 7, revisions: { ...l.revisions, other: 3 } }));
    // Tab a closes; a page opened later reads what both wrote.
    const later = createLedgerStore(() => storage, 'u').get();
    expect(later.dirty).toEqual(['offline-edit-in-a']);
    expect(later).toMatchObject({ since: 7, revisions: { other: 3 } });
    expect(b.get().dirty).toEqual(['offline-edit-in-a']);
  });

  it("does not put back a revision older than the one another tab's write got", () => {
    const { storage } = sharedStorage();
    const a = createLedgerStore(() => storage, 'u');
    const b = createLedgerStore(() => storage, 'u');
    a.update((l) => ({ ...l, revisions: { c: 4 } }));
    expect(b.get().revisions).toEqual({ c: 4 });
    a.update((l) => ({ ...l, revisions: { c: 5 } }));
    b.update((l) => ({ ...l, deleted: ['d'] }));
    expect(createLedgerStore(() => storage, 'u').get()).toMatchObject({
      revisions: { c: 5 },
      deleted: ['d'],
    });
  });

  it('starts over once the ledger was cleared (sign-out in another tab)', () => {
    const { storage, items } = sharedStorage();
    const a = createLedgerStore(() => storage, 'u');
    a.update((l) => ({ ...l, since: 9, primed: true, revisions: { c: 2 } }));
    items.delete(ledgerKey('u'));
    a.update(markDirty('x'));
    expect(createLedgerStore(() => storage, 'u').get()).toMatchObject({
      since: 0,
      primed: false,
      revisions: {},
      dirty: ['x'],
    });
  });

  it("keeps this tab's copy in memory while storing fails, until another tab stores one", () => {
    const shared = sharedStorage();
    const a = createLedgerStore(() => shared.storage, 'u');
    a.update(markDirty('stored'));
    shared.fail(true);
    a.update(markDirty('in-memory'));
    expect(a.get().dirty).toEqual(['stored', 'in-memory']);
    shared.fail(false);
    const b = createLedgerStore(() => shared.storage, 'u');
    b.update(markDirty('from-b'));
    expect(a.get().dirty).toEqual(['stored', 'from-b']);
  });

  it('works in memory alone without storage, and over an unreadable ledger', () => {
    const none = createLedgerStore(() => null, 'u');
    none.update(markDirty('x'));
    expect(none.get().dirty).toEqual(['x']);
    const { storage, items } = sharedStorage();
    items.set(ledgerKey('u'), '{not json');
    expect(createLedgerStore(() => storage, 'u').get()).toMatchObject({ since: 0, dirty: [] });
  });
});
