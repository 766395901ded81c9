/**
 * The loader's elements. They live in a shadow root under a custom element (`<runnel-widget>`), so
 * the host page's selectors cannot reach them and their styles cannot reach the page; `all:
 * initial` on the host element also stops inherited styles (font, colour) at the door. Styles are
 * set through the CSSOM, which a host page's `style-src` CSP does not block (style attributes and
 * `<style>` elements would be).
 */
import { textOn } from '../lib/protocol/embed-accent';

type Style = Partial<CSSStyleDeclaration>;

/** Above almost any host page content (the largest z-index is 2147483647). */
const Z = '2147483000';
const SVG_NS = 'http://www.w3.org/2000/svg';
export const CHAT_ICON = 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z';
export const CLOSE_ICON = 'M6 6l12 12M18 6 6 18';

/** Applies inline styles through the CSSOM. */
export const setStyle = (el: HTMLElement | SVGElement, style: Style) =>
  void Object.assign(el.style, style);

export type PanelMode = 'compact' | 'large' | 'full';

export interface WidgetUi {
  host: HTMLElement;
  root: ShadowRoot;
  launcher: HTMLButtonElement;
  icon: SVGPathElement;
  badge: HTMLSpanElement;
  panel: HTMLDivElement;
}

function svgIcon(): [SVGSVGElement, SVGPathElement] {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const path = document.createElementNS(SVG_NS, 'path');
  const attrs: Record<string, string> = {
    viewBox: '0 0 24 24',
    width: '26',
    height: '26',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  };
  for (const name in attrs) svg.setAttribute(name, attrs[name]!);
  path.setAttribute('d', CHAT_ICON);
  svg.append(path);
  return [svg, path];
}

/** Creates the launcher and the (empty, hidden) panel; the iframe comes on first open. */
export function createUi(side: 'left' | 'right', accent: string): WidgetUi {
  const host = document.createElement('runnel-widget');
  // Important, so not even a host page's `* { … !important }` is inherited inside.
  host.style.setProperty('all', 'initial', 'important');
  const root = host.attachShadow({ mode: 'open' });

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.setAttribute('aria-label', 'Open chat');
  launcher.setAttribute('aria-expanded', 'false');
  setStyle(launcher, {
    position: 'fixed',
    bottom: '20px',
    [side]: '20px',
    zIndex: Z,
    width: '56px',
    height: '56px',
    padding: '0',
    border: '0',
    borderRadius: '50%',
    background: accent,
    // The icon reads on whatever colour the site picked, as the text in the panel's title bar does.
    color: textOn(accent),
    cursor: 'pointer',
    boxShadow: '0 4px 14px rgba(0,0,0,.25)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  });
  const [svg, icon] = svgIcon();

  const badge = document.createElement('span');
  badge.setAttribute('aria-hidden', 'true');
  setStyle(badge, {
    position: 'absolute',
    top: '-4px',
    right: '-4px',
    minWidth: '20px',
    height: '20px',
    padding: '0 5px',
    boxSizing: 'border-box',
    borderRadius: '10px',
    background: '#dc2626',
    color: '#fff',
    font: '600 12px/20px system-ui,sans-serif',
    textAlign: 'center',
    display: 'none',
  });
  launcher.append(svg, badge);

  const panel = document.createElement('div');
  setStyle(panel, {
    position: 'fixed',
    zIndex: Z,
    display: 'none',
    overflow: 'hidden',
    boxShadow: '0 12px 40px rgba(0,0,0,.3)',
    // The system background in the visitor's scheme while the iframe loads.
    colorScheme: 'light dark',
    background: 'Canvas',
  });
  root.append(panel, launcher);
  return { host, root, launcher, icon, badge, panel };
}

/**
 * Places the panel: a card above the launcher (compact or large), or the whole viewport on narrow
 * screens, where a card would leave no room to read.
 */
export function layoutPanel(panel: HTMLElement, side: 'left' | 'right', mode: PanelMode): void {
  const full = mode === 'full';
  const other = side === 'left' ? 'right' : 'left';
  setStyle(panel, {
    top: full ? '0' : 'auto',
    bottom: full ? '0' : '88px',
    [side]: full ? '0' : '20px',
    [other]: full ? '0' : 'auto',
    width: full ? 'auto' : mode === 'large' ? '720px' : '380px',
    height: full ? 'auto' : mode === 'large' ? 'calc(100vh - 108px)' : '600px',
    maxWidth: full ? 'none' : 'calc(100vw - 40px)',
    maxHeight: full ? 'none' : 'calc(100vh - 108px)',
    borderRadius: full ? '0' : '12px',
  });
}
