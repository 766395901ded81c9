// Figures shown by the parts loaded after an answer (its statistics, the conversation meter, the
// model list), apart from format.ts, which the first answer needs: the widget never loads these
// unless its details are on.
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
 * A token count in a few characters: "950", "3.2k", "33k", "1.2M". `base` 1024 matches how
 * context windows are named (8,192 tokens is "8k").
 */
export function formatCompact(n: number, base: 1000 | 1024 = 1000): string {
  const abs = Math.abs(n);
  if (abs < base) return String(Math.round(n));
  const [value, unit] = abs < base * base ? [n / base, 'k'] : [n / (base * base), 'M'];
  return `${Math.abs(value) < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)}${unit}`;
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
