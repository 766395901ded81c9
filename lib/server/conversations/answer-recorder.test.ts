import { describe, expect, it } from 'vitest';
import type { AnswerRow } from '../database/tables';
import { createAnswerRecorder } from './answer-recorder';

let seq = 0;
const entry = (event: object, terminal = false) => ({
  seq: ++seq,
  data: JSON.stringify(event),
  terminal,
});

function harness(checkpointMs = 3000) {
  let clock = 0;
  const writes: AnswerRow[] = [];
  const recorder = createAnswerRecorder(
    async (row) => {
      writes.push(row);
    },
    {
      user: 'code:ada',
      conversationId: 'c',
      messageId: 'm',
      model: 'x',
      checkpointMs,
      finishUnread: true,
      now: () => clock,
    },
  );
  return { recorder, writes, tick: (ms: number) => (clock += ms) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('answer recorder', () => {
  it('writes at the first event, then at most once per checkpoint interval, then at the end', async () => {
    const { recorder, writes, tick } = harness();
    recorder.onEntries([entry({ type: 'start', request_id: 'r', model: 'x' })]);
    await settle();
    expect(writes.map((w) => w.status)).toEqual(['streaming']);
    for (let i = 0; i < 10; i++) {
      tick(500);
      recorder.onEntries([entry({ type: 'content', text: `${i} ` })]);
      await settle();
    }
    // 5 s of text: one checkpoint at 3 s, none in between.
    expect(writes).toHaveLength(2);
    expect(writes[1]!.content).toBe('0 1 2 3 4 5 ');
    recorder.onEntries([
      entry({ type: 'finish', reason: 'stop' }),
      entry({ type: 'usage', usage: { total_tokens: 9 }, final: true }),
      entry({ type: 'done' }, true),
    ]);
    await settle();
    expect(writes.at(-1)).toMatchObject({
      status: 'complete',
      content: '0 1 2 3 4 5 6 7 8 9 ',
      finish_reason: 'stop',
      usage: '{"total_tokens":9}',
    });
    recorder.onSettled();
    await settle();
    expect(writes.at(-1)!.status).toBe('complete');
  });

  it('stores an answer that ended without a terminal event as incomplete, text kept', async () => {
    const { recorder, writes } = harness();
    recorder.onEntries([entry({ type: 'content', text: 'partial' })]);
    recorder.onSettled();
    await settle();
    await settle();
    expect(writes.at(-1)).toMatchObject({ status: 'incomplete', content: 'partial' });
  });

  it('tells an error from a cut-off stream, as the browser does', async () => {
    const { recorder, writes } = harness();
    recorder.onEntries([
      entry({ type: 'error', error: { code: 'upstream_http_error', message: 'no' } }, true),
    ]);
    await settle();
    expect(writes.at(-1)!.status).toBe('error');
  });
});
