/**
 * Rewrites a plan so its bytes arrive in arbitrary pieces: inside multi-byte
 * UTF-8 characters, between `\r` and `\n`, mid-JSON. Each piece is its own
 * `res.write` followed by a short pause so they land in separate TCP reads.
 * This is what breaks parsers that assume one read = one frame.
 */
import { stepBytes } from './sse-format';
import type { Step, StreamOptions } from './types';

/** Pause between pieces; long enough for Nagle-free loopback to deliver each alone. */
const PIECE_GAP_MS = 3;

/** Deterministic PRNG so failures are reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Byte offsets at which to cut `bytes`. */
function chooseCuts(bytes: Uint8Array, seed = 42): number[] {
  const rand = mulberry32(seed);
  const cuts = new Set<number>();
  let next = 1 + Math.floor(rand() * 40);
  let crCuts = 0;
  let utf8Cuts = 0;
  for (let i = 1; i < bytes.length; i++) {
    const prev = bytes[i - 1];
    const cur = bytes[i] ?? 0;
    // Always cut the first CRLF and first multi-byte char; then about every other one.
    if (prev === 0x0d && cur === 0x0a && (crCuts === 0 || rand() < 0.5)) {
      cuts.add(i);
      crCuts++;
    } else if ((cur & 0xc0) === 0x80 && (utf8Cuts === 0 || rand() < 0.5)) {
      cuts.add(i);
      utf8Cuts++;
    } else if (i >= next) {
      cuts.add(i);
      next = i + 5 + Math.floor(rand() * 55);
    }
  }
  return [...cuts].sort((a, b) => a - b);
}

/** The same stream, delivered as raw pieces; terminal control steps are kept. */
export function splitPlan(
  plan: { steps: Step[] } & StreamOptions,
  seed = 42,
): { steps: Step[] } & StreamOptions {
  const parts: Uint8Array[] = [];
  const tail: Step[] = [];
  for (const step of plan.steps) {
    const b = stepBytes(step, plan);
    if (b !== null) parts.push(typeof b === 'string' ? Buffer.from(b, 'utf8') : b);
    else if ('end' in step || 'destroy' in step || 'hang' in step) {
      tail.push(step);
      break;
    }
  }
  const all = Buffer.concat(parts);
  const steps: Step[] = [];
  let start = 0;
  for (const cut of [...chooseCuts(all, seed), all.length]) {
    steps.push({ raw: all.subarray(start, cut) }, { sleep: PIECE_GAP_MS });
    start = cut;
  }
  return { ...plan, steps: [...steps, ...tail] };
}
