/** Small figures helpers for `npm run bench:load`. */

/** The q-quantile (0–1) of `values` (sorted copy; nearest rank). */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

/** Prints a small aligned table. */
export function table(rows: (string | number)[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  for (const row of rows) {
    console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  ')}`);
  }
}

export const sleep = (msToWait: number) => new Promise((r) => setTimeout(r, msToWait));

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>) {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
