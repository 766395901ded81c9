import 'server-only';

/** Conversation writes (PUT, import) one user may be sending to this process at once. */
export const UPLOADS_PER_USER = 4;
/**
 * The bytes of conversation writes this process accepts to receive at once, across users: each
 * write holds its declared size (its route's cap when it declares none) until it is answered.
 */
export const UPLOAD_BUDGET_BYTES = 256 * 1024 * 1024;

/**
 * Large answers (`LARGE_ANSWER_BYTES` or more) one user may be receiving from this process at
 * once, and the bytes of them the process holds at once, across users: an answer is held in memory
 * until the client has read it, and a client that asks and does not read would otherwise make the
 * process hold as many as its request rate allows (600 a minute of 16 MiB).
 */
export const ANSWERS_PER_USER = 4;
export const ANSWER_BUDGET_BYTES = 256 * 1024 * 1024;
/** An answer this large takes a slot until it is sent; smaller ones are sent as they are. */
export const LARGE_ANSWER_BYTES = 1024 * 1024;

/**
 * Slots for large bodies held in memory while they travel — a write being received, an answer
 * being sent — counted per process.
 */
export interface TransferSlots {
  /**
   * A slot for a body of up to `bytes` for `user`, or null when the user already has `perUser`
   * of them under way here, or a quarter of the budget, or the process's budget would be passed.
   * Call the returned function once the body has been received and answered, or sent.
   */
  take(user: string, bytes: number): (() => void) | null;
  /** Whether `user` has `perUser` bodies under way here: `take` refuses them whatever the size. */
  full(user: string): boolean;
}

/**
 * Counts what bodies cost while they are held: a write is kept whole in memory until it is parsed
 * and written (a 64 MiB import weighs several times that once parsed), an answer until the client
 * has read it, so the number of them at once is what protects the process — a rate a minute does
 * not.
 */
export function createTransferSlots(
  perUser = UPLOADS_PER_USER,
  budgetBytes = UPLOAD_BUDGET_BYTES,
): TransferSlots {
  // One user holds at most a quarter of the budget (beyond their first body), so a few large
  // bodies sent or read slowly by one account do not shut everyone else out.
  const perUserBytes = budgetBytes / 4;
  const byUser = new Map<string, { count: number; bytes: number }>();
  let held = 0;
  return {
    take(user, bytes) {
      const mine = byUser.get(user) ?? { count: 0, bytes: 0 };
      // One body is always let through when none is under way, whatever its size.
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
    full: (user) => (byUser.get(user)?.count ?? 0) >= perUser,
  };
}

/** What a request's body will hold: its declared length, capped by its route's limit. */
export function bodyBytes(request: Request, maxBytes: number): number {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, maxBytes) : maxBytes;
}

/** A held answer is handed on in pieces this large, so that the slot follows what was sent. */
const SEND_CHUNK_BYTES = 64 * 1024;

/**
 * `response` sent while holding a slot: `release` is called once its body has been handed on to
 * the end, or the client went away (the body was cancelled), not when the handler returns — an
 * answer the client does not read stays in memory until it does. The body is handed on a piece
 * at a time and only when asked for: in one piece it would be taken whole into the socket's
 * buffer, and the slot given back, before the client had read a byte of it.
 */
export function releasedWhenSent(response: Response, release: () => void): Response {
  const source = response.body;
  if (!source) {
    release();
    return response;
  }
  const reader = source.getReader();
  let rest: Uint8Array | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!rest?.byteLength) {
            const { value, done } = await reader.read();
            if (done) {
              release();
              controller.close();
              return;
            }
            rest = value;
          }
          controller.enqueue(rest.subarray(0, SEND_CHUNK_BYTES));
          rest = rest.subarray(SEND_CHUNK_BYTES);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      async cancel(reason) {
        release();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
