/**
 * A provider's configuration for unit tests (not imported by production code): one backend at
 * `http://backend.test/v1` with the given preset, named after it.
 */
import type { PresetId, ProviderConfig } from '../../lib/server/config/providers-config';

export function testProvider(
  preset: PresetId,
  extra: Partial<ProviderConfig> = {},
): ProviderConfig {
  return {
    id: preset,
    label: preset,
    baseURL: 'http://backend.test/v1',
    baseURLs: ['http://backend.test/v1'],
    preset,
    models: [],
    modelsAreAllowlist: false,
    ...extra,
  };
}
