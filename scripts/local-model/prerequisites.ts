/**
 * What setting up the local model needs from the machine, checked before anything is downloaded,
 * so a missing tool is named with the command that installs it instead of failing mid-build.
 */
import { spawnSync } from 'node:child_process';

/** The environment, as read here (plain strings; Next's own typing of it is not needed). */
type Env = Record<string, string | undefined>;

export interface Missing {
  /** What is missing, in words. */
  what: string;
  /** The Debian/Ubuntu package that brings it. */
  aptPackage: string;
}

/** Runs a command quietly; true when it exits 0. */
export type Probe = (command: string, args: string[]) => boolean;

const probe: Probe = (command, args) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;

/** The Python interpreter used to make the virtual environment (`PYTHON`, else `python3`). */
export function pythonCommand(env: Env = process.env): string {
  return env.PYTHON || 'python3';
}

/**
 * Everything the setup needs that the machine lacks. `needsBuild` is false once the engine is
 * built: later runs need only Python (and not even that when the model is there too).
 */
export function findMissing(
  { needsPython, needsBuild }: { needsPython: boolean; needsBuild: boolean },
  run: Probe = probe,
  python = pythonCommand(),
): Missing[] {
  const missing: Missing[] = [];
  if (needsPython) {
    if (!run(python, ['--version'])) {
      missing.push({ what: `Python 3 (${python})`, aptPackage: 'python3' });
    } else if (!run(python, ['-c', 'import venv, ensurepip'])) {
      // Debian splits venv's pip bootstrap into its own package.
      missing.push({ what: 'Python virtual environments with pip', aptPackage: 'python3-venv' });
    }
  }
  if (needsBuild) {
    if (!run('cmake', ['--version'])) missing.push({ what: 'CMake', aptPackage: 'cmake' });
    if (!['c++', 'g++', 'clang++'].some((cxx) => run(cxx, ['--version']))) {
      missing.push({ what: 'a C++ compiler', aptPackage: 'g++' });
    }
    if (!run('make', ['--version'])) missing.push({ what: 'make', aptPackage: 'make' });
  }
  return missing;
}

/** One sentence naming what is missing and the command that gets it. */
export function describeMissing(missing: Missing[]): string {
  const packages = [...new Set(missing.map((m) => m.aptPackage))].join(' ');
  return `${missing.map((m) => m.what).join(', ')} not found; install with: sudo apt-get install -y ${packages}`;
}
