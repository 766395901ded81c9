import { describe, expect, it } from 'vitest';
import { describeMissing, findMissing, type Probe } from './prerequisites';

/** A machine that has exactly the commands (and Python modules) listed. */
const machine =
  (...has: string[]): Probe =>
  (command, args) =>
    has.includes(args[0] === '-c' ? `${command}:venv` : command);

describe('findMissing', () => {
  it('names each missing tool with the package that brings it', () => {
    const missing = findMissing({ needsPython: true, needsBuild: true }, machine('python3'));
    expect(missing.map((m) => m.aptPackage)).toEqual(['python3-venv', 'cmake', 'g++', 'make']);
    expect(describeMissing(missing)).toBe(
      'Python virtual environments with pip, CMake, a C++ compiler, make not found; install with: sudo apt-get install -y python3-venv cmake g++ make',
    );
  });

  it('asks for no build tool once the engine is built', () => {
    expect(
      findMissing({ needsPython: true, needsBuild: false }, machine('python3', 'python3:venv')),
    ).toEqual([]);
    expect(findMissing({ needsPython: false, needsBuild: false }, machine())).toEqual([]);
  });

  it('finds any C++ compiler', () => {
    const all = ['python3', 'python3:venv', 'cmake', 'make'];
    expect(
      findMissing({ needsPython: true, needsBuild: true }, machine(...all, 'clang++')),
    ).toEqual([]);
    expect(findMissing({ needsPython: false, needsBuild: true }, machine())).toHaveLength(3);
    expect(
      findMissing({ needsPython: true, needsBuild: false }, machine(), 'python3.12')[0]?.what,
    ).toBe('Python 3 (python3.12)');
  });
});
