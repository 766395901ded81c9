import { describe, expect, it } from 'vitest';
import { createLocalAnswers, type LocalAnswersOptions } from './local-answers';
import type { LogEntry } from './types';

const ACCESS = { tokenHash: 'ab' };

function entries(from: number, count: number, last = false): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: from + i,
    data: `{"type":"content","text":"${from + i}"}`,
    terminal: last && i === count - 1,
  }));
}

/** Timers that run only when the test says so. */
function manualTimers() {
  const pending: { cb: () => void; ms: number }[] = [];
  return {
    setTimeout: (cb: () => void, ms: number) => {
      pending.push({ cb, ms });
      return {};
    },
    runAll: () => pending.splice(0).forEach((t) => t.cb()),
    pending,
  };
}

function answers(overrides: Partial<LocalAnswersOptions> = {}) {
  const timers = manualTimers();
  const local = createLocalAnswers({
    maxBytes: 1000,
    maxAnswerBytes: 600,
    ttlMs: 300_000,
    setTimeout: timers.setTimeout,
    ...overrides,
  });
  return { local, timers };
}

describe('answer log', () => {
  it('replays what came after the reader’s last event, then follows, with no gap or duplicate', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    log.append(entries(1, 5));
    const seen: number[] = [];
    let ended = false;
    const stop = log.feed(
      3,
      (batch) => seen.push(...batch.map((e) => e.seq)),
      () => (ended = true),
    );
    expect(log.readers()).toBe(1);
    log.append(entries(6, 2));
    log.append(entries(8, 1, true));
    expect(seen).toEqual([4, 5, 6, 7, 8]);
    expect(ended).toBe(true);
    expect(log.finished()).toBe(true);
    expect(log.readers()).toBe(0);
    stop();
  });

  it('tells who listens when readers come and go', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    const counts: number[] = [];
    log.onReaders((n) => counts.push(n));
    const first = log.feed(
      0,
      () => undefined,
      () => undefined,
    );
    const second = log.feed(
      0,
      () => undefined,
      () => undefined,
    );
    first();
    first();
    second();
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('ends a reader of a finished answer at once, after its replay', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    log.append(entries(1, 3, true));
    const seen: number[] = [];
    let ended = false;
    log.feed(
      0,
      (batch) => seen.push(...batch.map((e) => e.seq)),
      () => (ended = true),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(ended).toBe(true);
    expect(log.readers()).toBe(0);
  });
});

describe('local answers', () => {
  it('bounds one answer by its own cap', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    expect(log.reserve(500)).toBe(true);
    expect(log.reserve(101)).toBe(false);
    expect(log.reserve(100)).toBe(true);
    expect(local.usedBytes()).toBe(600);
  });

  it('evicts finished answers, oldest first, to make room; never a running one', () => {
    const { local } = answers({ maxAnswerBytes: 1000 });
    const first = local.create('first', ACCESS);
    first.reserve(400);
    first.append(entries(1, 1, true));
    local.settle('first');
    const second = local.create('second', ACCESS);
    second.reserve(400);
    second.append(entries(1, 1, true));
    local.settle('second');
    const running = local.create('running', ACCESS);
    expect(running.reserve(150)).toBe(true);
    expect(local.get('first')).toBeDefined();
    // 950 + 100 > 1000: the oldest finished answer goes.
    expect(running.reserve(100)).toBe(true);
    expect(local.get('first')).toBeUndefined();
    expect(local.get('second')).toBeDefined();
    expect(local.usedBytes()).toBe(650);
    // Evicting the other finished one makes room again; then only the running one is left.
    expect(running.reserve(400)).toBe(true);
    expect(local.get('second')).toBeUndefined();
    expect(local.usedBytes()).toBe(650);
    const other = local.create('other', ACCESS);
    expect(other.reserve(600)).toBe(false);
    expect(local.get('running')).toBeDefined();
  });

  it('frees what an answer kept when it stops keeping, and it still reaches its readers', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    log.reserve(300);
    log.append(entries(1, 2));
    const seen: number[] = [];
    log.feed(
      2,
      (batch) => seen.push(...batch.map((e) => e.seq)),
      () => undefined,
    );
    log.stopKeeping();
    expect(local.usedBytes()).toBe(0);
    expect(log.kept()).toBe(false);
    expect(log.reserve(10)).toBe(false);
    log.append(entries(3, 1));
    expect(seen).toEqual([3]);
    // A new reader cannot be served a replay any more.
    const late: number[] = [];
    log.feed(
      0,
      (batch) => late.push(...batch.map((e) => e.seq)),
      () => undefined,
    );
    expect(late).toEqual([]);
  });

  it('keeps a finished answer for the TTL, then forgets it', () => {
    const { local, timers } = answers();
    const log = local.create('a', ACCESS);
    log.reserve(100);
    log.append(entries(1, 2, true));
    local.settle('a');
    expect(timers.pending.map((t) => t.ms)).toEqual([300_000]);
    expect(local.get('a')).toBe(log);
    timers.runAll();
    expect(local.get('a')).toBeUndefined();
    expect(local.usedBytes()).toBe(0);
  });

  it('forgets at once an answer that ended unkept or without its terminal event', () => {
    const { local, timers } = answers();
    const unkept = local.create('unkept', ACCESS);
    unkept.stopKeeping();
    unkept.append(entries(1, 1, true));
    local.settle('unkept');
    const cut = local.create('cut', ACCESS);
    cut.append(entries(1, 1));
    local.settle('cut');
    expect(local.get('unkept')).toBeUndefined();
    expect(local.get('cut')).toBeUndefined();
    expect(timers.pending).toEqual([]);
  });

  it('passes a stop request to whoever generates the answer', () => {
    const { local } = answers();
    const log = local.create('a', ACCESS);
    let stops = 0;
    const off = log.onStop(() => stops++);
    log.requestStop();
    off();
    log.requestStop();
    expect(stops).toBe(1);
  });
});
