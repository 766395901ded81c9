import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { applyEvent, applyEvents, finishRun, settleInterrupted } from './apply-event';
import { createAssistantMessage, type AssistantMessage } from './message';
import { REASONING_STREAM } from '../../../testing/unit/chat-test-support';

const fresh = (): AssistantMessage => createAssistantMessage('a1', 'vllm:reasoning', 1000);

/** Applies events one per millisecond from t=1001. */
function play(events: RunnelEvent[], start = fresh()): AssistantMessage {
  return events.reduce((m, e, i) => applyEvent(m, e, 1001 + i), start);
}

describe('applyEvent: outcomes', () => {
  it('reasoning then content then done → complete, with timers and usage', () => {
    const m = play(REASONING_STREAM);
    expect(m.status).toBe('complete');
    expect(m.reasoning).toBe('Thinking.');
    expect(m.content).toBe('The answer is 42.');
    expect(m.requestId).toBe('chat_1');
    expect(m.timing).toMatchObject({
      sentAt: 1000,
      firstTokenAt: 1002,
      reasoningStartedAt: 1002,
      reasoningEndedAt: 1004,
      // The last text (" is 42.") arrived at 1005: speed without running counts is measured to it.
      textAt: 1005,
      endedAt: 1008,
      serverTtftMs: 12,
      serverDurationMs: 40,
    });
    expect(m.usage?.reasoning_tokens).toBe(3);
    expect(m.usageFinal).toBe(true);
  });

  it('finish length then done → length', () => {
    const m = play([
      { type: 'content', text: 'Once upon' },
      { type: 'finish', reason: 'length' },
      { type: 'done' },
    ]);
    expect(m.status).toBe('length');
    expect(m.finishReason).toBe('length');
  });

  it('finish tool_calls then done → complete, with the calls kept', () => {
    const m = play([
      { type: 'tool_call', index: 0, id: 'c0', name: 'get_time', arguments: '{}' },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'done' },
    ]);
    expect(m.status).toBe('complete');
    expect(m.toolCalls).toEqual([{ index: 0, id: 'c0', name: 'get_time', arguments: '{}' }]);
  });

  it('error after content → error, partial text kept', () => {
    const m = play([
      { type: 'content', text: 'Let me start' },
      { type: 'error', error: { code: 'upstream_error', message: 'CUDA error' } },
    ]);
    expect(m.status).toBe('error');
    expect(m.content).toBe('Let me start');
    expect(m.error?.message).toBe('CUDA error');
  });

  it('an incomplete_stream error (backend cut without [DONE]) → incomplete, partial kept', () => {
    const m = play([
      { type: 'content', text: 'Let me start' },
      {
        type: 'error',
        error: { code: 'incomplete_stream', message: 'The backend stream ended without [DONE]' },
      },
    ]);
    expect(m.status).toBe('incomplete');
    expect(m.content).toBe('Let me start');
    expect(m.error?.code).toBe('incomplete_stream');
  });

  it('a server_shutdown error → incomplete, marked as a restart (the UI offers Continue)', () => {
    const m = play([
      { type: 'content', text: 'Half an' },
      {
        type: 'error',
        error: { code: 'server_shutdown', message: 'The server was shutting down' },
      },
    ]);
    expect(m).toMatchObject({
      status: 'incomplete',
      content: 'Half an',
      interruption: 'server_shutdown',
    });
  });

  it('events after the end are ignored (a stopped answer stays stopped)', () => {
    const stopped = finishRun(play([{ type: 'content', text: 'Hi' }]), { kind: 'aborted' }, 2000);
    expect(stopped.status).toBe('stopped');
    const after = applyEvents(
      stopped,
      [{ type: 'content', text: ' more' }, { type: 'done' }],
      2001,
    );
    expect(after).toBe(stopped);
  });

  it('status events show while waiting and clear when the run ends', () => {
    const waiting = play([{ type: 'status', message: 'cold start: loading weights (1/2)' }]);
    expect(waiting.statusMessage).toBe('cold start: loading weights (1/2)');
    expect(play([{ type: 'done' }], waiting).statusMessage).toBeUndefined();
  });

  it('running usage then final usage', () => {
    const running = play([
      {
        type: 'usage',
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
        final: false,
      },
    ]);
    expect(running.usageFinal).toBe(false);
    // The running speed is measured up to when this count arrived.
    expect(running.timing.usageAt).toBe(1001);
    const final = play(
      [
        {
          type: 'usage',
          usage: { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12 },
          final: true,
        },
      ],
      running,
    );
    expect(final.usage?.completion_tokens).toBe(9);
    expect(final.usageFinal).toBe(true);
  });

  it('usage of a continued answer adds up, credit balance is the latest', () => {
    const base = {
      ...fresh(),
      priorUsage: {
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
        credits_used: 3,
        credit_balance: 100,
      },
    };
    const m = play(
      [
        {
          type: 'usage',
          usage: {
            prompt_tokens: 15,
            completion_tokens: 4,
            total_tokens: 19,
            credits_used: 4,
            credit_balance: 96,
          },
          final: true,
        },
      ],
      base,
    );
    expect(m.usage).toEqual({
      prompt_tokens: 25,
      completion_tokens: 9,
      total_tokens: 34,
      credits_used: 7,
      credit_balance: 96,
    });
  });

  it('empty deltas do not start the first-token timer', () => {
    const m = play([{ type: 'content', text: '' }]);
    expect(m.timing.firstTokenAt).toBeUndefined();
  });
});

describe('finishRun: ends without a terminal event', () => {
  it('body ended without done or error → incomplete, partial kept', () => {
    const m = finishRun(
      play([
        { type: 'content', text: 'Let me' },
        { type: 'finish', reason: 'stop' },
      ]),
      { kind: 'ended' },
      3000,
    );
    expect(m.status).toBe('incomplete');
    expect(m.content).toBe('Let me');
    expect(m.timing.endedAt).toBe(3000);
  });

  it('aborted → stopped; reasoning timer closes', () => {
    const m = finishRun(play([{ type: 'reasoning', text: 'hmm' }]), { kind: 'aborted' }, 3000);
    expect(m.status).toBe('stopped');
    expect(m.timing.reasoningEndedAt).toBe(3000);
  });

  it('HTTP failure before streaming → error with the server message', () => {
    const m = finishRun(
      fresh(),
      { kind: 'failed', error: { code: 'model_not_found', message: 'Unknown model', status: 404 } },
      3000,
    );
    expect(m.status).toBe('error');
    expect(m.error).toEqual({ code: 'model_not_found', message: 'Unknown model', status: 404 });
  });

  it('does not override an outcome the stream already gave', () => {
    const done = play([{ type: 'content', text: 'ok' }, { type: 'done' }]);
    expect(finishRun(done, { kind: 'ended' }, 5000)).toBe(done);
    expect(finishRun(done, { kind: 'aborted' }, 5000)).toBe(done);
  });
});

describe('settleInterrupted (reload mid-stream)', () => {
  it('turns streaming into incomplete and keeps the partial answer', () => {
    const m = settleInterrupted(
      play([
        { type: 'reasoning', text: 'r' },
        { type: 'content', text: 'partial' },
      ]),
    );
    expect(m).toMatchObject({
      status: 'incomplete',
      content: 'partial',
      reasoning: 'r',
      interruption: 'reload',
    });
  });

  it('leaves settled messages alone', () => {
    const done = play([{ type: 'done' }]);
    expect(settleInterrupted(done)).toBe(done);
  });
});
