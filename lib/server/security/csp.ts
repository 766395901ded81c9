import 'server-only';
import { randomBytes } from 'node:crypto';

/** A fresh nonce for one page response. */
export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The Content-Security-Policy of app pages: scripts only with this response's nonce, which Next
 * puts on its own scripts and Runnel on its two inline ones (theme, widget messages);
 * `'strict-dynamic'` lets those load the app's chunks and the highlighting worker. Styles may be
 * inline (React `style` attributes; no script runs from a style). `form-action` also allows the
 * OpenID provider, where the "Sign in with …" form's redirect goes. The framing directive is added
 * by the caller (`/embed` has its own).
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; formTargets?: readonly string[] },
): string {
  const scripts = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`];
  // React's development build evaluates code for its debugging aids; production never does.
  if (options.development) scripts.push(`'unsafe-eval'`);
  return [
    `default-src 'self'`,
    `script-src ${scripts.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    // Any source: the only remote images are those in answers that a reader chose to load ("Load
    // image"); the renderer makes no <img> from model output otherwise.
    `img-src * data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${options.development ? ' ws: wss:' : ''}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'${options.formTargets?.length ? ` ${options.formTargets.join(' ')}` : ''}`,
  ].join('; ');
}
