/**
 * Whether IndexedDB works here. In a third-party iframe browsers partition it (Chromium, Firefox:
 * the widget then gets storage keyed by the host site, which is what we want), or block it (Safari
 * with some settings, Firefox strict mode, embedded webviews): then `window.indexedDB` may be
 * missing, throw on access, fail to open, or never answer. Each of those means "keep it in memory".
 */
export function probeIndexedDb(
  getFactory: () => IDBFactory | undefined,
  timeoutMs = 2000,
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(ok);
    };
    // Some browsers leave a blocked open request pending forever instead of failing it.
    const timer = setTimeout(() => settle(false), timeoutMs);
    try {
      const factory = getFactory();
      if (!factory) return settle(false);
      const request = factory.open('runnel-probe', 1);
      request.onsuccess = () => {
        request.result.close();
        settle(true);
      };
      request.onerror = () => settle(false);
      request.onblocked = () => settle(false);
    } catch {
      // Accessing `indexedDB` or opening it throws SecurityError where storage is blocked.
      settle(false);
    }
  });
}
