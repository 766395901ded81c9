/**
 * The HTML the host-page server serves: a third-party site that loads the widget with one script
 * tag, styled hostilely (global rules on `button`, `div`, `iframe`, `*`) so a test can see that the
 * widget neither inherits them nor changes the page. It records every widget event in
 * `window.widgetEvents`, and every message the page itself receives in `window.hostReceived`.
 */
const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The loader's tag, and a listener recording every widget event in `window.widgetEvents`. */
function widgetTags(appURL: string, attrs: string): string {
  return `<script>
  window.widgetEvents = [];
  window.hostReceived = [];
  addEventListener('message', (event) => window.hostReceived.push({ origin: event.origin, data: event.data }));
</script>
<script src="${escapeAttr(appURL)}/widget.js"${attrs}></script>
<script>
  for (const name of ['ready', 'open', 'close', 'unread', 'answer']) {
    window.Runnel.on(name, (payload) => window.widgetEvents.push(payload === undefined ? [name] : [name, payload]));
  }
</script>`;
}

/**
 * The host page. Query parameters named `data-*` become the loader's attributes; `nowidget` leaves
 * the loader out (the page as it is without Runnel, for comparison).
 */
export function hostPage(appURL: string, query: URLSearchParams, foreignURLs: string[]): string {
  const attrs = [...query]
    .filter(([name]) => /^data-[a-z-]+$/.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host page</title>
<style>
  * { font-family: "Times New Roman", serif !important; letter-spacing: 2px; }
  body { margin: 0; padding: 24px; color: rgb(10, 20, 30); background: rgb(250, 240, 230); }
  button { background: rgb(255, 0, 0) !important; border: 5px dashed rgb(0, 255, 0); width: 300px; }
  div { outline: 3px solid rgb(0, 0, 255); }
  iframe { border: 8px solid rgb(255, 0, 255); width: 50px; height: 50px; }
</style>
</head>
<body>
<h1>A site that embeds Runnel</h1>
<p id="host-text">Some of the host's own content.</p>
<button id="host-button" type="button">Host button</button>
${foreignURLs.map((url) => `<iframe title="Foreign" src="${escapeAttr(url)}"></iframe>`).join('\n')}
${query.has('nowidget') ? '' : widgetTags(appURL, attrs)}
</body>
</html>`;
}

/**
 * A foreign frame: another document on the same host page. `window.attack(message)` posts `message`
 * with target `*` to every frame it can reach — its siblings in `parent.frames` (which does not list
 * an iframe inside a shadow root, like the widget's) and every window that has posted to it (how
 * a frame holding a reference to the widget's window is set up: the test posts to it from there) —
 * which is what a hostile ad or widget could do. It records whatever is posted to it in
 * `window.received`.
 */
export function foreignPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foreign</title></head>
<body>
<p>Foreign frame</p>
<script>
  window.received = [];
  const known = new Set();
  addEventListener('message', (event) => {
    window.received.push({ origin: event.origin, data: event.data });
    if (event.source) known.add(event.source);
  });
  window.attack = (message) => {
    const targets = new Set(known);
    for (let i = 0; i < parent.frames.length; i++) {
      if (parent.frames[i] !== window) targets.add(parent.frames[i]);
    }
    for (const target of targets) target.postMessage(message, '*');
    return targets.size;
  };
</script>
</body></html>`;
}
