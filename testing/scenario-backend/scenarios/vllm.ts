/**
 * The vLLM provider (`/v1`, `/vllm/v1`) and the `/nomodels/v1` variant: a
 * vLLM-like server without a model list that answers `chat` for any model id but `counting`.
 */
import { vllmFlavor } from '../flavors';
import type { ProviderDef } from '../provider-def';
import { benchScenarios } from './bench';
import { loadScenarios } from './load';
import { vllmError } from './common';
import { resumeScenarios } from './resume';
import { vllmFailureScenarios } from './vllm-failures';
import { numberedScenario } from './vllm-numbered';
import { vllmStreamScenarios } from './vllm-streams';
import { vllmVisionScenarios } from './vllm-vision';

const chat = vllmStreamScenarios.chat;
if (!chat) throw new Error('vLLM chat scenario missing');

/** vLLM: accepts unknown fields silently; errors in the ≥0.10.1 shape. */
export const vllmProvider: ProviderDef = {
  name: 'vllm',
  flavor: vllmFlavor,
  scenarios: {
    ...vllmStreamScenarios,
    ...vllmVisionScenarios,
    ...vllmFailureScenarios,
    ...benchScenarios,
    ...loadScenarios,
    ...resumeScenarios,
    numbered: numberedScenario,
  },
  modelExtras: { max_model_len: 32768 },
  notFound: (model) =>
    vllmError(404, `The model \`${model}\` does not exist.`, 'NotFoundError', 'model'),
  badRequest: (message) => vllmError(400, message, 'BadRequestError'),
};

/**
 * A backend whose `/models` is 404 but whose chat works for any model id; `counting` (about 3 s)
 * is there for answers that must overlap in time (GPU cost shared by answers side by side).
 */
export const noModelsProvider: ProviderDef = {
  ...vllmProvider,
  name: 'nomodels',
  scenarios: { counting: resumeScenarios.counting! },
  fallback: chat,
  listModels: false,
};
