import { describe, expect, it } from 'vitest';
import { createPrefillEcho } from './prefill-echo';

/** Feeds the deltas and returns what was passed on, flush included. */
function run(prefill: string, deltas: string[]): string {
  const echo = createPrefillEcho(prefill);
  return deltas.map((d) => echo.take(d)).join('') + echo.flush();
}

describe('createPrefillEcho', () => {
  it("drops llama.cpp's repetition of the prefill, however it is split", () => {
    const prefill = 'Rain is formed when water';
    expect(run(prefill, ['Rain is formed when water from', ' the', ' sky'])).toBe(' from the sky');
    const whole = `${prefill} from the sky`;
    for (let cut = 1; cut < whole.length; cut++) {
      expect(run(prefill, [whole.slice(0, cut), whole.slice(cut)])).toBe(' from the sky');
    }
  });

  it('passes everything on when the server does not repeat the prefill', () => {
    expect(run('Rain is formed', [' when', ' water'])).toBe(' when water');
    expect(run('Rain is formed', ['Rain falls'])).toBe('Rain falls');
    // The answer ended while it still looked like the prefill: it was not a repetition.
    expect(run('Rain is formed when', ['Rain is'])).toBe('Rain is');
  });

  it('copes with whitespace at the end of the prefill, repeated or not', () => {
    expect(run('Rain is ', ['Rain is formed'])).toBe('formed');
    expect(run('Rain is ', ['Rain is ', 'formed'])).toBe('formed');
    expect(run('', ['Rain'])).toBe('Rain');
  });
});
