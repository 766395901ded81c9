import 'server-only';
import { TAKE } from './early-messages';

/**
 * Inlined in `/embed` before any bundle: keeps the messages the parent posts before React has
 * hydrated and the bridge exists. The loader says `hello` when the iframe's `load` event fires,
 * which on a slow device can be seconds before hydration; the bridge replays them instead of
 * relying on the loader's retries alone. It only stores events; the bridge does all the checking.
 */
export const EARLY_MESSAGES_SCRIPT = `(function(){var q=[];function f(e){if(e.source===parent&&q.length<20)q.push(e)}addEventListener('message',f);window.${TAKE}=function(){removeEventListener('message',f);window.${TAKE}=null;return q}})();`;
