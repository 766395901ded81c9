/** The global the early listener leaves for the bridge (a page-local name, not an API). */
export const TAKE = '__runnelTakeEarlyMessages';

/** Stops the early listener and returns what it kept (once; empty afterwards or without it). */
export function takeEarlyMessages(win: Window): MessageEvent[] {
  const take = (win as unknown as Record<string, (() => MessageEvent[]) | null | undefined>)[TAKE];
  return take ? take() : [];
}
