import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { coalesceEvents } from './coalesce';

const usage = (n: number, final = false): RunnelEvent => ({
  type: 'usage',
  usage: { prompt_tokens: 5, completion_tokens: n, total_tokens: 5 + n },
  final,
});

describe('coalesceEvents', () => {
  it('joins adjacent deltas and keeps only the latest running usage, after the text', () => {
    expect(
      coalesceEvents([
        { type: 'reasoning', text: 'a' },
        usage(1),
        { type: 'reasoning', text: 'b' },
        usage(2),
        { type: 'content', text: 'c' },
        usage(3),
        { type: 'content', text: 'd' },
        usage(4),
      ]),
    ).toEqual([{ type: 'reasoning', text: 'ab' }, { type: 'content', text: 'cd' }, usage(4)]);
  });

  it('keeps the order of everything else, running usage before it', () => {
    expect(
      coalesceEvents([
        { type: 'content', text: 'x' },
        usage(1),
        { type: 'finish', reason: 'stop' },
        usage(1, true),
        { type: 'done' },
      ]),
    ).toEqual([
      { type: 'content', text: 'x' },
      usage(1),
      { type: 'finish', reason: 'stop' },
      usage(1, true),
      { type: 'done' },
    ]);
  });

  it('never merges text across a status or a tool call', () => {
    const events: RunnelEvent[] = [
      { type: 'content', text: 'a' },
      { type: 'status', message: 's' },
      { type: 'content', text: 'b' },
    ];
    expect(coalesceEvents(events)).toEqual(events);
  });
});
