import { describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import type { EventSink } from './event-output';
import { createAdmission, waitingStatus } from '../admission/admission';
import { createServiceTimes } from '../admission/service-times';
import { createMemorySlotStore } from '../admission/slot-store';
import { createSlots } from '../admission/slots';
import { observedSink, runGated, type StreamGate } from './stream-gate';

function recordingSink() {
  const events: RunnelEvent[] = [];
  let closed = false;
  const sink: EventSink & { events: RunnelEvent[]; close(): void } = {
    events,
    send(event) {
      if (closed) return;
      events.push(event);
      if (event.type === 'error' || event.type === 'done') closed = true;
    },
    sendAll(list) {
      for (const event of list) this.send(event);
    },
    isClosed: () => closed,
    whenWritable: async () => undefined,
    close: () => (closed = true),
  };
  return sink;
}

function gateWith(enter: StreamGate['enter']) {
  return { enter, observe: vi.fn(), leave: vi.fn() } satisfies StreamGate;
}

describe('runGated', () => {
  it('relays once the gate lets it, and leaves once after', async () => {
    const sink = recordingSink();
    const gate = gateWith(async ({ status }) => status(waitingStatus(1)));
    const relay = vi.fn(async () =>
      sink.send({ type: 'done', timing: { ttft_ms: 1, duration_ms: 2 } }),
    );
    await runGated(gate, sink, new AbortController().signal, relay);
    expect(sink.events.map((e) => e.type)).toEqual(['status', 'done']);
    expect(relay).toHaveBeenCalledOnce();
    expect(gate.leave).toHaveBeenCalledOnce();
  });

  it('ends with the gate’s error without calling the backend', async () => {
    const sink = recordingSink();
    const gate = gateWith(async () => ({ code: 'overloaded', message: 'busy' }));
    const relay = vi.fn(async () => {});
    await runGated(gate, sink, new AbortController().signal, relay);
    expect(sink.events).toEqual([
      { type: 'error', error: { code: 'overloaded', message: 'busy' } },
    ]);
    expect(relay).not.toHaveBeenCalled();
    expect(gate.leave).toHaveBeenCalledOnce();
  });

  it('a browser gone while waiting never reaches the backend', async () => {
    const sink = recordingSink();
    const stopped = new AbortController();
    const gate = gateWith(
      ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => resolve());
        }),
    );
    const relay = vi.fn(async () => {});
    const running = runGated(gate, sink, stopped.signal, relay);
    sink.close();
    stopped.abort();
    await running;
    expect(relay).not.toHaveBeenCalled();
    expect(gate.leave).toHaveBeenCalledOnce();
  });

  it('leaves once when the relay throws, ending the answer', async () => {
    const sink = recordingSink();
    const gate = gateWith(async () => {});
    await runGated(gate, sink, new AbortController().signal, async () => {
      throw new Error('boom');
    });
    expect(sink.events.at(-1)).toMatchObject({ type: 'error', error: { code: 'internal_error' } });
    expect(gate.leave).toHaveBeenCalledOnce();
  });

  it('shows the gate every event the relay sends', () => {
    const sink = recordingSink();
    const gate = gateWith(async () => {});
    const observed = observedSink(sink, gate);
    observed.send({ type: 'content', text: 'a' });
    observed.sendAll([
      {
        type: 'usage',
        usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        final: true,
      },
    ]);
    expect(gate.observe).toHaveBeenCalledTimes(2);
    expect(sink.events).toHaveLength(2);
  });
});

describe('admission', () => {
  const slots = () =>
    createSlots({ local: createMemorySlotStore(), shared: async () => undefined, pollMs: 10 });

  it('admits at once without a limit or with a free slot', async () => {
    const admission = createAdmission(slots(), 1000);
    const io = { signal: new AbortController().signal, status: vi.fn() };
    expect(await admission.enter({ backend: 'b', limit: undefined, ...io })).toHaveProperty(
      'lease',
    );
    expect(await admission.enter({ backend: 'b', limit: 1, ...io })).toHaveProperty('lease');
    expect(io.status).not.toHaveBeenCalled();
  });

  it('says where the waiter stands, and ends with overloaded after the timeout', async () => {
    const admission = createAdmission(slots(), 100);
    const status = vi.fn();
    const signal = new AbortController().signal;
    await admission.enter({ backend: 'b', limit: 1, signal, status });
    const result = await admission.enter({ backend: 'b', limit: 1, signal, status });
    expect(result).toMatchObject({ error: { code: 'overloaded' } });
    // No answer has ended on the backend yet: no estimate, rather than a made-up one.
    expect(status).toHaveBeenCalledWith({
      message: 'Waiting for a free slot — next in line',
      position: 1,
    });
  });

  it('tells the wait from how long recent answers held the slot, and the backend’s own load', async () => {
    const times = createServiceTimes();
    times.add('b', 20_000);
    const admission = createAdmission(slots(), 300, times);
    const status = vi.fn();
    const signal = new AbortController().signal;
    const load = async () => ({ running: 12, waiting: 4 });
    await admission.enter({ backend: 'b', limit: 1, signal, status });
    await admission.enter({ backend: 'b', limit: 1, signal, status, load });
    expect(status).toHaveBeenNthCalledWith(1, {
      message: 'Waiting for a free slot — next in line · about 20 s',
      position: 1,
      eta_s: 20,
    });
    expect(status).toHaveBeenCalledTimes(2);
    expect(status).toHaveBeenNthCalledWith(2, {
      message:
        'Waiting for a free slot — next in line · about 20 s · GPU busy: 12 running, 4 waiting',
      position: 1,
      eta_s: 20,
      backend_running: 12,
      backend_waiting: 4,
    });
  });

  it('learns the service time from the leases it gives out', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const times = createServiceTimes();
    const admission = createAdmission(slots(), 1000, times);
    const io = { signal: new AbortController().signal, status: vi.fn() };
    const held = await admission.enter({ backend: 'b', limit: 1, ...io });
    clock = 7_000;
    if (held && 'lease' in held) held.lease.release();
    expect(await times.estimateSeconds('b', 1, 1)).toBe(7);
    vi.restoreAllMocks();
  });

  it('words: places and estimates', () => {
    expect(waitingStatus(3).message).toBe('Waiting for a free slot — 2 ahead');
    expect(waitingStatus(2, 150).message).toBe('Waiting for a free slot — 1 ahead · about 3 min');
  });
});
