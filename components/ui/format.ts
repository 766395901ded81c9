/** Seconds with one decimal below 10 s, whole seconds above: "3.4 s", "12 s", "2 min 5 s". */
export function formatSeconds(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

/** Milliseconds for short durations ("640 ms"), seconds above one. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : formatSeconds(ms);
}

const INTEGER = new Intl.NumberFormat('en-US');

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return INTEGER.format(n);
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
 * How long a model thought, to the precision that matters to a reader: "under 1 s", whole
 * seconds, then minutes ("Thought for 0.0 s" said nothing; tenths of a second mean nothing here).
 */
export function formatThinkingTime(ms: number): string {
  if (ms < 950) return 'under 1 s';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}
