import type { ModelInfo } from '../../protocol/api-shapes';

/**
 * What to call each of `ids` where they are shown together (a table, columns side by side): the
 * model's label, with its id after it when another of them has the same label (two providers
 * both serving "chat"), and the id alone for a model no longer offered.
 */
export function distinctLabels(
  ids: readonly string[],
  models: readonly ModelInfo[] | undefined,
): Map<string, string> {
  const labelOf = (id: string) => models?.find((m) => m.id === id)?.label ?? id;
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(labelOf(id), (counts.get(labelOf(id)) ?? 0) + 1);
  return new Map(
    ids.map((id) => {
      const label = labelOf(id);
      return [id, (counts.get(label) ?? 0) > 1 && label !== id ? `${label} (${id})` : label];
    }),
  );
}
