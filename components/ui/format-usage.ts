// Figures shown by an answer's statistics line (and the conversation meter), apart from format.ts,
// which the first answer needs: the widget never loads these unless its details are on. Compact
// token counts, which only parts loaded on demand show, are in format-compact.ts.
import { formatSeconds } from './format';

/** Milliseconds for short durations ("640 ms"), seconds above one. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatSeconds(ms);
}

/** Credits can be fractional; show up to four decimals, no trailing zeros. */
export function formatCredits(n: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(n);
}

/**
 * An amount of money in the page's locale (the browser's language) and `currency`: cents for
 * amounts of a unit or more, three significant digits below one (an answer often costs a fraction
 * of a cent: "€0.0044"). A currency code the browser does not know shows as "0.0044 XYZ".
 */
export function formatMoney(amount: number, currency: string): string {
  const small = Math.abs(amount) < 1 && amount !== 0;
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      ...(small ? { maximumSignificantDigits: 3 } : {}),
    }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(undefined, { maximumSignificantDigits: 6 }).format(amount)} ${currency}`;
  }
}
