/** Escapes text for HTML. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The provider's own sign-in page: a username and a button, nothing fetched from elsewhere
 * (oidc-provider's development pages load a web font from the internet; tests reach no network).
 */
export function loginPage(uid: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body>
  <h1>Test identity provider</h1>
  ${error ? `<p role="alert">${html(error)}</p>` : ''}
  <form method="post" action="/interaction/${html(uid)}/login">
    <label>Username <input name="login" autofocus></label>
    <button type="submit">Continue</button>
  </form>
</body></html>`;
}
