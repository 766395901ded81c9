/** Headings of the sidebar's groups, newest first. */
export type DateGroup = 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older';

const DAY_MS = 86_400_000;

/** Midnight (local time) of the day `t` falls in. */
function startOfDay(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Which group a conversation last used at `updatedAt` belongs to, seen at `now` (local days). */
export function dateGroupOf(updatedAt: number, now: number): DateGroup {
  const today = startOfDay(now);
  if (updatedAt >= today) return 'Today';
  // Days are not always 24 h long (daylight saving): step back by calendar day.
  const yesterday = startOfDay(today - DAY_MS / 2);
  if (updatedAt >= yesterday) return 'Yesterday';
  const week = startOfDay(today - 7 * DAY_MS + DAY_MS / 2);
  return updatedAt >= week ? 'Previous 7 days' : 'Older';
}

const ORDER: readonly DateGroup[] = ['Today', 'Yesterday', 'Previous 7 days', 'Older'];

/** Splits ids into date groups, newest group first, keeping their order within each group. */
export function groupByDate(
  ids: readonly string[],
  updatedAtOf: (id: string) => number,
  now: number,
): { group: DateGroup; ids: string[] }[] {
  const buckets = new Map<DateGroup, string[]>();
  for (const id of ids) {
    const group = dateGroupOf(updatedAtOf(id), now);
    const list = buckets.get(group);
    if (list) list.push(id);
    else buckets.set(group, [id]);
  }
  return ORDER.flatMap((group) => {
    const list = buckets.get(group);
    return list ? [{ group, ids: list }] : [];
  });
}
