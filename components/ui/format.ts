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
