import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../protocol/api-shapes';
import { filterModels } from './filter-models';

const m = (provider: string, id: string, extra: Partial<ModelInfo> = {}): ModelInfo => ({
  id: `${provider}:${id}`,
  label: id,
  provider,
  kind: 'chat',
  ...extra,
});
const models = [
  m('gpu', 'qwen3-8b', { reasoning: true }),
  m('ark', 'llama-3.1-8b'),
  m('gpu', 'qwen2.5-vl-7b', { vision: true }),
  m('acs', 'base-7b', { kind: 'completion' }),
];
const labels = (query: string) =>
  filterModels(models, query).flatMap((g) => g.models.map((x) => x.label));

describe('filterModels', () => {
  it('groups by provider in the listed order', () => {
    const groups = filterModels(models, '');
    expect(groups.map((g) => g.provider)).toEqual(['gpu', 'ark', 'acs']);
    expect(groups[0]!.models.map((x) => x.label)).toEqual(['qwen3-8b', 'qwen2.5-vl-7b']);
  });
  it('matches every word anywhere, ignoring case', () => {
    expect(labels('QWEN vl')).toEqual(['qwen2.5-vl-7b']);
    expect(labels('ark')).toEqual(['llama-3.1-8b']);
  });
  it('finds models by capability', () => {
    expect(labels('vision')).toEqual(['qwen2.5-vl-7b']);
    expect(labels('completion')).toEqual(['base-7b']);
  });
  it('is empty when nothing matches', () => {
    expect(filterModels(models, 'gpt-9')).toEqual([]);
  });
});
