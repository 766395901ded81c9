/**
 * The Runnel chat widget loader (docs/embedding.md), built to `public/widget.js` by `scripts/build-widget.ts`.
 * One `<script src=".../widget.js" data-…>` tag adds a launcher button; the first open creates an
 * iframe of the app's `/embed` page. It has no dependencies and must stay under 3 KB gzipped.
 * Embedding guide and security model: docs/embedding.md.
 */
import type { EmbedTheme } from '../lib/protocol/embed-wire';
import { readConfig, type WidgetConfig } from './config';
import { createEmitter, type WidgetEventName, type WidgetEvents } from './emitter';
import { hostMessage, readFrameMessage, type HostCommand } from './messages';
import { CHAT_ICON, CLOSE_ICON, createUi, layoutPanel, setStyle } from './ui';

/** `window.Runnel`: the host page's handle on the widget. */
export interface RunnelApi {
  open(): void;
  close(): void;
  toggle(): void;
  /** Listens to `ready`, `open`, `close`, `unread` (count) or `answer` ({outcome}); returns an unsubscribe function. */
  on<K extends WidgetEventName>(event: K, fn: (payload: WidgetEvents[K]) => void): () => void;
  /** Switches the chat's theme (`light`, `dark`, `auto`). */
  setTheme(theme: EmbedTheme): void;
}

declare global {
  interface Window {
    Runnel?: RunnelApi;
  }
}

/** Hello retries until the iframe's page has hydrated and answers (40 × 250 ms). */
const HELLO_TRIES = 40;
const HELLO_INTERVAL_MS = 250;

function mount(config: WidgetConfig): RunnelApi {
  const { appOrigin, side } = config;
  const ui = createUi(side, config.accent);
  const { launcher, panel } = ui;
  const events = createEmitter();
  const narrow = matchMedia('(max-width: 640px)');
  let frame: HTMLIFrameElement | undefined;
  let isOpen = false;
  let expanded = false;
  let ready = false;
  let theme: EmbedTheme | undefined;
  let helloTimer: ReturnType<typeof setInterval> | undefined;

  // Sent to the app's origin only: if the iframe holds anything else (a refused frame's error
  // page), the browser drops the message.
  const post = (command: HostCommand) =>
    frame?.contentWindow?.postMessage(hostMessage(command), appOrigin);

  const layout = () => {
    const full = narrow.matches;
    layoutPanel(panel, side, full ? 'full' : expanded ? 'large' : 'compact');
    // Full-screen, the panel covers the launcher; its own close button and Escape close it.
    setStyle(launcher, { display: full && isOpen ? 'none' : 'flex' });
  };

  const setUnread = (count: number) => {
    ui.badge.textContent = count > 99 ? '99+' : String(count);
    setStyle(ui.badge, { display: count ? 'block' : 'none' });
    launcher.setAttribute('aria-label', count ? `Open chat (${count} unread)` : 'Open chat');
  };

  const createFrame = () => {
    const iframe = document.createElement('iframe');
    iframe.title = 'Chat';
    iframe.src = config.frameSrc;
    iframe.allow = 'clipboard-write';
    setStyle(iframe, { border: '0', width: '100%', height: '100%', display: 'block' });
    // Every load (also a reload inside the frame) needs a new handshake.
    iframe.addEventListener('load', () => {
      ready = false;
      clearInterval(helloTimer);
      let tries = 0;
      const hello = () =>
        ready || ++tries > HELLO_TRIES ? clearInterval(helloTimer) : post({ type: 'hello' });
      hello();
      helloTimer = setInterval(hello, HELLO_INTERVAL_MS);
    });
    panel.append(iframe);
    return iframe;
  };

  const open = () => {
    if (isOpen) return;
    isOpen = true;
    frame ??= createFrame();
    setStyle(panel, { display: 'block' });
    launcher.setAttribute('aria-expanded', 'true');
    ui.icon.setAttribute('d', CLOSE_ICON);
    layout();
    setUnread(0);
    frame.focus();
    if (ready) post({ type: 'open' });
    events.emit('open', undefined);
  };

  const close = (returnFocus?: boolean) => {
    if (!isOpen) return;
    // Focus inside the widget (the launcher or the iframe) shows as the shadow host.
    const hadFocus = document.activeElement === ui.host;
    isOpen = false;
    setStyle(panel, { display: 'none' });
    launcher.setAttribute('aria-expanded', 'false');
    ui.icon.setAttribute('d', CHAT_ICON);
    layout();
    if (returnFocus || hadFocus) launcher.focus();
    if (ready) post({ type: 'close' });
    events.emit('close', undefined);
  };

  addEventListener('message', (event) => {
    // Only our own iframe's window, and only while it shows the app (not an error page).
    if (!frame || event.source !== frame.contentWindow || event.origin !== appOrigin) return;
    const message = readFrameMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      if (ready) return;
      ready = true;
      clearInterval(helloTimer);
      if (theme) post({ type: 'theme', theme });
      post({ type: isOpen ? 'open' : 'close' });
      events.emit('ready', undefined);
    } else if (message.type === 'close') {
      close(true);
    } else if (message.type === 'resize') {
      expanded = message.expanded;
      layout();
    } else if (message.type === 'unread') {
      if (!isOpen) setUnread(message.count);
      events.emit('unread', message.count);
    } else if (message.type === 'answer') {
      events.emit('answer', { outcome: message.outcome });
    }
  });

  launcher.addEventListener('click', () => (isOpen ? close(true) : open()));
  // Escape with focus on the launcher; inside the iframe the page catches it and sends `close`.
  ui.root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && isOpen) close(true);
  });
  narrow.addEventListener('change', layout);

  // In a `<head>` tag the body does not exist yet; the API works at once all the same.
  const attach = () => document.body.append(ui.host);
  if (document.body) attach();
  else addEventListener('DOMContentLoaded', attach);
  layout();
  if (config.open && !narrow.matches) open();

  return {
    open,
    close: () => close(),
    toggle: () => (isOpen ? close() : open()),
    on: events.on,
    setTheme(next) {
      theme = next;
      if (ready) post({ type: 'theme', theme: next });
    },
  };
}

/** The loader's own tag: `currentScript` while it runs, else the first tag loading it. */
const script = (document.currentScript ??
  document.querySelector('script[src*="widget.js"]')) as HTMLScriptElement | null;

// Loaded twice (e.g. by a tag manager): the first copy stays in charge.
if (script && !window.Runnel) {
  window.Runnel = mount(readConfig((name) => script.getAttribute(name), script.src));
}
