/** Seconds with one decimal below 10 s, whole seconds above: "3.4 s", "12 s", "2 min 5 s". */
export function formatSeconds(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

const INTEGER = new Intl.NumberFormat('en-US');

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return INTEGER.format(n);
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
