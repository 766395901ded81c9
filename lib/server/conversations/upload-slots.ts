import 'server-only';

/** Conversation writes (PUT, import) one user may be sending to this process at once. */
export const UPLOADS_PER_USER = 4;
/**
 * The bytes of conversation writes this process accepts to receive at once, across users: each
 * write holds its declared size (its route's cap when it declares none) until it is answered.
 */
export const UPLOAD_BUDGET_BYTES = 256 * 1024 * 1024;

/** Slots for request bodies being received and written, counted per process. */
export interface UploadSlots {
  /**
   * A slot for a body of up to `bytes` from `user`, or null when the user already has
   * `UPLOADS_PER_USER` writes under way here, or a quarter of the budget, or the process's budget
   * would be passed. Call the returned function once the write is answered.
   */
  take(user: string, bytes: number): (() => void) | null;
}

/**
 * Counts what a request body costs while it is held: a body is kept whole in memory until it is
 * parsed and written (a 64 MiB import weighs several times that once parsed), so the number of
 * them at once is what protects the process — a rate a minute does not.
 */
export function createUploadSlots(
  perUser = UPLOADS_PER_USER,
  budgetBytes = UPLOAD_BUDGET_BYTES,
): UploadSlots {
  // One user holds at most a quarter of the budget (beyond their first write), so a few large
  // bodies sent slowly by one account do not shut everyone else's writes out.
  const perUserBytes = budgetBytes / 4;
  const byUser = new Map<string, { count: number; bytes: number }>();
  let held = 0;
  return {
    take(user, bytes) {
      const mine = byUser.get(user) ?? { count: 0, bytes: 0 };
      // One write is always let through when none is under way, whatever it declares.
      if (
        mine.count >= perUser ||
        (mine.count > 0 && mine.bytes + bytes > perUserBytes) ||
        (held > 0 && held + bytes > budgetBytes)
      )
        return null;
      byUser.set(user, { count: mine.count + 1, bytes: mine.bytes + bytes });
      held += bytes;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held -= bytes;
        const now = byUser.get(user)!;
        if (now.count > 1) byUser.set(user, { count: now.count - 1, bytes: now.bytes - bytes });
        else byUser.delete(user);
      };
    },
  };
}

/** What a request's body will hold: its declared length, capped by its route's limit. */
export function bodyBytes(request: Request, maxBytes: number): number {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, maxBytes) : maxBytes;
}
