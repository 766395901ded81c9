import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../testing/unit/memory-storage';
import { clearLocalCopy, ledgerKey, tabMarksPrefix } from './clear-local-copy';

describe('clearing a user’s local copy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('removes their ledger and every tab’s unsent marks, not another user’s', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    storage.setItem(ledgerKey('u'), '{}');
    storage.setItem(`${tabMarksPrefix('u')}tab-1`, '{"dirty":["x"]}');
    storage.setItem(`${tabMarksPrefix('u')}tab-2`, '{"dirty":["y"]}');
    // Another user whose name starts with this one's.
    storage.setItem(`${tabMarksPrefix('u:v')}tab-3`, '{"dirty":["z"]}');
    storage.setItem(ledgerKey('u:v'), '{}');
    await clearLocalCopy('u');
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    expect(keys.sort()).toEqual([`${tabMarksPrefix('u:v')}tab-3`, ledgerKey('u:v')]);
  });
});
