import { onDemand } from '../ui/on-demand';

/**
 * A conversation's options menu and title editor, loaded when a menu is first opened (or the
 * pointer or focus reaches its button), not with the page.
 */
const options = onDemand(() => import('./conversation-options'));

export const loadOptions = options.load;
/** The options module if it has been loaded, else null. */
export const optionsModule = options.current;
