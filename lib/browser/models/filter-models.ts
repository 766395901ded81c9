import type { ModelInfo } from '../../protocol/api-shapes';

/** Models of one provider, in the order the server listed them. */
export interface ModelGroup {
  provider: string;
  models: ModelInfo[];
}

/** Words a model can be found by besides its name: its capabilities. */
function capabilityWords(m: ModelInfo): string {
  return [
    m.kind === 'completion' ? 'completion text' : 'chat',
    m.reasoning ? 'reasoning thinking' : '',
    m.vision ? 'vision image' : '',
  ].join(' ');
}

/**
 * The models matching every word of `query` (in label, id, provider or capability, case
 * insensitive), grouped by provider in the server's order.
 */
export function filterModels(models: readonly ModelInfo[], query: string): ModelGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const groups: ModelGroup[] = [];
  const byProvider = new Map<string, ModelGroup>();
  for (const m of models) {
    const haystack = `${m.label} ${m.id} ${m.provider} ${capabilityWords(m)}`.toLowerCase();
    if (!words.every((w) => haystack.includes(w))) continue;
    let group = byProvider.get(m.provider);
    if (!group) {
      group = { provider: m.provider, models: [] };
      byProvider.set(m.provider, group);
      groups.push(group);
    }
    group.models.push(m);
  }
  return groups;
}
