import 'server-only';
import { DARK_QUERY, THEME_KEY, type ThemeChoice } from './theme-choice';

/**
 * The same decision as `applyTheme`, as an inline script that runs before the first paint (so a
 * dark page never flashes white); the layouts inline it, so this module stays on the server.
 * `choiceExpression` is a JavaScript expression for the choice, built by the callers below from
 * fixed words only — never from free text.
 */
function themeScriptFor(choiceExpression: string): string {
  return `(function(){try{var p=${choiceExpression};var d=p==='dark'||(p!=='light'&&matchMedia('${DARK_QUERY}').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light';}catch(x){}})();`;
}

/**
 * The chat page's first-paint theme: the preference in localStorage (not IndexedDB: only a
 * synchronous read can beat the first paint).
 */
export const STORED_THEME_SCRIPT = themeScriptFor(`localStorage.getItem('${THEME_KEY}')`);

/** A fixed choice's first-paint theme (the widget's, chosen by the host page). */
export function fixedThemeScript(choice: ThemeChoice): string {
  return themeScriptFor(`'${choice}'`);
}
