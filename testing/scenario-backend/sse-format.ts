/**
 * Serialisation of steps into SSE bytes. Shared by the paced writer and the
 * frame splitter so a split stream is byte-identical to its unsplit twin.
 */
import type { Step, StreamOptions } from './types';

/**
 * JSON like Python's `json.dumps` defaults (`", "` and `": "` separators), but
 * keeping non-ASCII characters raw so multi-byte UTF-8 stays on the wire.
 */
export function spacedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // Primitives (and undefined → null, as inside arrays in JSON.stringify).
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => spacedJson(v)).join(', ')}]`;
  }
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}: ${spacedJson(v)}`);
  }
  return `{${parts.join(', ')}}`;
}

/** Serialises a JSON value in the given style. */
export function toJson(value: unknown, style: StreamOptions['jsonStyle'] = 'compact'): string {
  return style === 'spaced' ? spacedJson(value) : JSON.stringify(value);
}

/**
 * The bytes of one step, or `null` for steps that are control flow only
 * (sleep, hang, end, destroy).
 */
export function stepBytes(step: Step, opts: StreamOptions): string | Uint8Array | null {
  const eol = opts.eol ?? '\n';
  if ('chunk' in step) return `data: ${toJson(step.chunk, opts.jsonStyle)}${eol}${eol}`;
  if ('raw' in step) return step.raw;
  if ('comment' in step) return `: ${step.comment}${eol}${eol}`;
  if ('done' in step) return `data: [DONE]${eol}${eol}`;
  return null;
}
