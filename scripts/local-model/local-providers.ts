/**
 * The providers file the main command hands the app when it runs the local engine: one provider,
 * the `llamacpp` preset, the model under a name people recognise.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { LOCAL_MODEL_ID, LOCAL_MODEL_LABEL, type LocalModelChoice } from './local-model';

export function writeLocalProvidersFile(
  baseURL: string,
  choice: LocalModelChoice,
  dir = '.runnel',
): string {
  const label =
    choice.kind === 'file' ? `${basename(choice.path, '.gguf')} (local)` : LOCAL_MODEL_LABEL;
  const providers = [
    {
      id: 'local',
      label: 'This computer',
      baseURL,
      preset: 'llamacpp',
      models: [{ id: LOCAL_MODEL_ID, label }],
    },
  ];
  mkdirSync(dir, { recursive: true });
  const path = resolve(join(dir, 'providers-local.json'));
  writeFileSync(path, JSON.stringify(providers, null, 2));
  return path;
}
