/** localStorage key of the theme preference. */
export const THEME_KEY = 'runnel-theme';

/**
 * Runs before the first paint (inlined in the document head) so a dark-mode reader never sees a
 * white flash. The preference lives in localStorage, not IndexedDB, because only a synchronous
 * read can beat the first paint.
 */
export const THEME_SCRIPT = `(function(){try{var p=localStorage.getItem('${THEME_KEY}');var d=p==='dark'||(p!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var c=document.documentElement.classList;c.toggle('dark',d);document.documentElement.style.colorScheme=d?'dark':'light';}catch(e){}})();`;
