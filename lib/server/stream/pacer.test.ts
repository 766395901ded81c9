import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { createPacer, PACE_MAX_PENDING_CHARS } from './pacer';

/** A fake clock: timers run when `advance` passes them. */
function clock() {
  let now = 0;
  let timers: { at: number; cb: () => void }[] = [];
  return {
    deps: {
      now: () => now,
      setTimeout: (cb: () => void, ms: number) => {
        const timer = { at: now + ms, cb };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle: unknown) => {
        timers = timers.filter((t) => t !== handle);
      },
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const next = timers.sort((a, b) => a.at - b.at)[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = next.at;
        next.cb();
      }
      now = until;
    },
  };
}

const text = (t: string): RunnelEvent => ({ type: 'content', text: t });

function setup() {
  const c = clock();
  const writes: { at: number; events: RunnelEvent[] }[] = [];
  const pacer = createPacer((events) => writes.push({ at: c.deps.now(), events }), c.deps, 16);
  return { c, writes, pacer };
}

describe('createPacer', () => {
  it('writes the first event at once', () => {
    const { writes, pacer } = setup();
    pacer.push([text('Hello')]);
    expect(writes).toEqual([{ at: 0, events: [text('Hello')] }]);
  });

  it('writes the first token at once even right after a status and running counts', () => {
    const { c, writes, pacer } = setup();
    const running: RunnelEvent = {
      type: 'usage',
      usage: { prompt_tokens: 9, completion_tokens: 0, total_tokens: 9 },
      final: false,
    };
    pacer.push([{ type: 'status', message: 'Reading the prompt — 100 %' }, running]);
    c.advance(2);
    pacer.push([text('Hello')]);
    expect(writes.map((w) => w.at)).toEqual([0, 2]);
    // Later text is paced again.
    c.advance(1);
    pacer.push([text(' there')]);
    expect(writes).toHaveLength(2);
  });

  it('merges text that arrives within the interval into one write at its end', () => {
    const { c, writes, pacer } = setup();
    pacer.push([text('a')]);
    for (const t of ['b', 'c', 'd']) {
      c.advance(3);
      pacer.push([text(t)]);
    }
    expect(writes).toHaveLength(1);
    c.advance(16);
    expect(writes).toEqual([
      { at: 0, events: [text('a')] },
      { at: 16, events: [text('bcd')] },
    ]);
  });

  it('writes at once, before the interval ends, when the text waiting passes the bound', () => {
    const { c, writes, pacer } = setup();
    pacer.push([text('a')]);
    c.advance(1);
    const chunk = 'x'.repeat(PACE_MAX_PENDING_CHARS / 2);
    pacer.push([text(chunk)]);
    expect(writes).toHaveLength(1);
    pacer.push([text(chunk)]);
    expect(writes).toEqual([
      { at: 0, events: [text('a')] },
      { at: 1, events: [text(chunk + chunk)] },
    ]);
  });

  it('writes a slow stream token by token without delay', () => {
    const { c, writes, pacer } = setup();
    for (let i = 0; i < 5; i++) {
      pacer.push([text(String(i))]);
      c.advance(40);
    }
    expect(writes.map((w) => w.at)).toEqual([0, 40, 80, 120, 160]);
  });

  it('writes anything but text at once, after the text that waited', () => {
    const { c, writes, pacer } = setup();
    pacer.push([text('a')]);
    c.advance(2);
    pacer.push([text('b')]);
    c.advance(2);
    pacer.push([{ type: 'done' }]);
    expect(writes).toEqual([
      { at: 0, events: [text('a')] },
      { at: 4, events: [text('b'), { type: 'done' }] },
    ]);
    c.advance(50);
    expect(writes).toHaveLength(2);
  });

  it('lets a running usage count wait like text, but writes the final count at once', () => {
    const { c, writes, pacer } = setup();
    const usage = (completion: number, final: boolean): RunnelEvent => ({
      type: 'usage',
      usage: { prompt_tokens: 5, completion_tokens: completion, total_tokens: 5 + completion },
      final,
    });
    pacer.push([text('a')]);
    c.advance(2);
    pacer.push([usage(1, false)]);
    expect(writes).toHaveLength(1);
    c.advance(2);
    pacer.push([usage(2, true)]);
    expect(writes).toEqual([
      { at: 0, events: [text('a')] },
      { at: 4, events: [usage(1, false), usage(2, true)] },
    ]);
  });

  it('flush writes what waits (the upstream ended or failed)', () => {
    const { c, writes, pacer } = setup();
    pacer.push([text('a')]);
    c.advance(1);
    pacer.push([text('b')]);
    pacer.flush();
    expect(writes.at(-1)).toEqual({ at: 1, events: [text('b')] });
  });
});
