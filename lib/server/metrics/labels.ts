import 'server-only';

/**
 * Label values must stay few: a value that is not a configured id or one of Runnel's own codes
 * (say, text a backend made up) would create a new time series per value. Values are limited to
 * an id-like shape and length; anything else becomes `other`.
 */
export function idLabel(value: string | undefined): string {
  if (!value) return '';
  return /^[A-Za-z0-9_.:/@+-]{1,120}$/.test(value) ? value : 'other';
}

/** An error code: Runnel's own codes are lower-case words with underscores. */
export function codeLabel(value: string | undefined): string {
  if (!value) return '';
  return /^[a-z_]{1,40}$/.test(value) ? value : 'other';
}

/** An HTTP status as a label: the number when it is one, else the failure's name. */
export function statusLabel(status: number | 'unreachable' | 'timeout'): string {
  if (typeof status === 'number')
    return Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other';
  return status;
}
