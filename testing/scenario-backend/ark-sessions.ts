/**
 * ARK's stateful sessions as the scenario backend keeps them: a request naming a session in
 * `ark_stateful` is answered with what the session already holds plus the messages it sends, and
 * the answer is added to the session. ARK's API reference names the fields but not the lifecycle;
 * this backend (and Runnel, docs/decisions.md) assumes the plausible one: an id the provider has
 * never seen starts a session; a session it dropped (expiry, eviction — `forget` here) is answered
 * `404 session_not_found`, so a client can tell that it must send the whole history again.
 */
export interface ArkSession {
  messages: unknown[];
}

/** One server's sessions (per `startScenarioBackend`, like the recorder). */
export class ArkSessionStore {
  private readonly sessions = new Map<string, ArkSession>();
  private readonly forgotten = new Set<string>();

  /** The session `id`: `'unknown'` if it was forgotten, else the session (new if need be). */
  open(id: string): ArkSession | 'unknown' {
    if (this.forgotten.has(id)) return 'unknown';
    let session = this.sessions.get(id);
    if (!session) {
      session = { messages: [] };
      this.sessions.set(id, session);
    }
    return session;
  }

  /** Drops a session as the provider would when it expires; true if there was one. */
  forget(id: string): boolean {
    const had = this.sessions.delete(id);
    this.forgotten.add(id);
    return had;
  }

  /** Every live session and how many messages it holds. */
  list(): { id: string; messages: number }[] {
    return [...this.sessions].map(([id, s]) => ({ id, messages: s.messages.length }));
  }

  clear(): void {
    this.sessions.clear();
    this.forgotten.clear();
  }
}
