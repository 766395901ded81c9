import { describe, expect, it } from 'vitest';
import { defaultThreads, engineArgs } from './engine-args';
import { cmakePercent } from './run-step';

describe('engineArgs', () => {
  it("gives every slot the model's whole context and turns on the counters", () => {
    const args = engineArgs({ modelPath: '/m.gguf', host: '127.0.0.1', port: 4030, parallel: 2 });
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('--ctx-size')).toBe('16384');
    expect(value('--alias')).toBe('SmolLM2-135M-Instruct');
    expect(args).toContain('--metrics');
    expect(args).not.toContain('--temp');
    expect(value('--threads')).toBe(String(defaultThreads()));
  });

  it('leaves a core to the app and the browser', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultThreads(cores))).toEqual([1, 1, 2, 4, 4]);
  });

  it('passes reproducible sampling and a small prompt step when asked', () => {
    const args = engineArgs({
      modelPath: '/m.gguf',
      host: '127.0.0.1',
      port: 1,
      parallel: 1,
      temperature: 0,
      seed: 42,
      batchSize: 64,
    });
    expect(args.join(' ')).toContain('--temp 0 --seed 42 --batch-size 64 --ubatch-size 64');
    expect(args).not.toContain('--no-cache-prompt');
  });

  it("keeps the engine's prompt cache unless told not to", () => {
    const base = { modelPath: '/m.gguf', host: '127.0.0.1', port: 1, parallel: 1 };
    expect(engineArgs({ ...base, promptCache: true })).not.toContain('--no-cache-prompt');
    expect(engineArgs({ ...base, promptCache: false })).toContain('--no-cache-prompt');
  });
});

describe('cmakePercent', () => {
  it("reads CMake's progress", () => {
    expect(cmakePercent('[ 42%] Building CXX object src/llama.cpp.o')).toBe(42);
    expect(cmakePercent('[100%] Built target llama-server')).toBe(100);
    expect(cmakePercent('-- Configuring done')).toBeNull();
  });
});
