// Shown only by parts loaded on demand (the conversation meter, the model list, an attachment
// chip), so apart from the statistics line's figures in format-usage.ts (docs/performance.md).

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
