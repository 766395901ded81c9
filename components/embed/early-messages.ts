/** The global the early listener leaves for the bridge (a page-local name, not an API). */
const TAKE = '__runnelTakeEarlyMessages';

/**
 * Inlined in `/embed` before any bundle: keeps the messages the parent posts before React has
 * hydrated and the bridge exists. The loader says `hello` when the iframe's `load` event fires,
 * which on a slow device can be seconds before hydration; the bridge replays them instead of
 * relying on the loader's retries alone. It only stores events; the bridge does all the checking.
 */
export const EARLY_MESSAGES_SCRIPT = `(function(){var q=[];function f(e){if(e.source===parent&&q.length<20)q.push(e)}addEventListener('message',f);window.${TAKE}=function(){removeEventListener('message',f);window.${TAKE}=null;return q}})();`;

/** Stops the early listener and returns what it kept (once; empty afterwards or without it). */
export function takeEarlyMessages(win: Window): MessageEvent[] {
  const take = (win as unknown as Record<string, (() => MessageEvent[]) | null | undefined>)[TAKE];
  return take ? take() : [];
}
