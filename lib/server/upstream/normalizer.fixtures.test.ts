import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { createNormalizer, type NormalizerOptions } from './normalizer';
import { rechunkings } from '../../../testing/unit/rechunk';
import { createSseDecoder } from './sse-decoder';

const dir = join(import.meta.dirname, '../../../testing/fixtures/upstream');
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.sse'))
  .map((f) => f.replace(/\.sse$/, ''));

/** JSON with object keys sorted, so events compare by content whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Runs raw provider bytes, cut into the given reads, through decoder and normaliser. */
function normalizeChunks(chunks: Uint8Array[], options: NormalizerOptions = {}): RunnelEvent[] {
  const normalizer = createNormalizer(options);
  const events: RunnelEvent[] = [];
  const decoder = createSseDecoder((item) => events.push(...normalizer.push(item)));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  events.push(...normalizer.end());
  return events;
}

// Synthetic streams written after the provider documents (testing/fixtures/upstream/README.md says
// which document each follows, and whose expected events were written by hand from it).
describe('provider streams, re-chunked at every byte boundary', () => {
  it('has fixtures', () => expect(names.length).toBeGreaterThan(15));
  for (const name of names) {
    it(name, () => {
      const bytes = new Uint8Array(readFileSync(join(dir, `${name}.sse`)));
      const expected = JSON.parse(
        readFileSync(join(dir, `${name}.events.json`), 'utf8'),
      ) as RunnelEvent[];
      const options = {
        bracketedNotice: name.startsWith('tai-'),
        thinkPrefilled: name.endsWith('-think-prefilled'),
      };
      const want = canonical(expected);
      for (const { label, chunks } of rechunkings(bytes)) {
        const events = normalizeChunks(chunks, options);
        if (canonical(events) !== want) {
          // Only build the (slow) diff for the first failing cut.
          expect(events, `${name}, ${label}`).toEqual(expected);
        }
      }
    });
  }
});

describe('presets change interpretation only where documented', () => {
  it('without the tai preset a bracketed delta is ordinary content', () => {
    const bytes = new Uint8Array(readFileSync(join(dir, 'tai-notice.sse')));
    const events = normalizeChunks([bytes]);
    expect(
      events.filter((e) => e.type === 'content').map((e) => (e as { text: string }).text),
    ).toEqual(['1', ', 2', '[Yanıt oluşturulurken bir sorun oluştu.]']);
    expect(events.at(-1)).toEqual({ type: 'done' });
  });
});
