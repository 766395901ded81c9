import { describe, expect, it } from 'vitest';
import { until } from '../../../testing/unit/until';
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
  /** Writes started and not yet over. */
  let writing = 0;
  const recorder = createAnswerRecorder(
    (row) => {
      writes.push(row);
      writing += 1;
      const write = Promise.resolve();
      void write.then(() => (writing -= 1));
      return write;
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
  /**
   * Waits until every write asked for so far is over, a checkpoint that waited for the one before
   * included (it starts as that one ends, before the check runs again).
   */
  const landed = () => until(() => writing === 0, 5_000);
  return { recorder, writes, landed, tick: (ms: number) => (clock += ms) };
}

describe('answer recorder', () => {
  it('writes at the first event, then at most once per checkpoint interval, then at the end', async () => {
    const { recorder, writes, landed, tick } = harness();
    recorder.onEntries([entry({ type: 'start', request_id: 'r', model: 'x' })]);
    await landed();
    expect(writes.map((w) => w.status)).toEqual(['streaming']);
    for (let i = 0; i < 10; i++) {
      tick(500);
      recorder.onEntries([entry({ type: 'content', text: `${i} ` })]);
      await landed();
    }
    // 5 s of text: one checkpoint at 3 s, none in between.
    expect(writes).toHaveLength(2);
    expect(writes[1]!.content).toBe('0 1 2 3 4 5 ');
    recorder.onEntries([
      entry({ type: 'finish', reason: 'stop' }),
      entry({ type: 'usage', usage: { total_tokens: 9 }, final: true }),
      entry({ type: 'done' }, true),
    ]);
    await landed();
    expect(writes.at(-1)).toMatchObject({
      status: 'complete',
      content: '0 1 2 3 4 5 6 7 8 9 ',
      finish_reason: 'stop',
      usage: '{"total_tokens":9}',
    });
    recorder.onSettled();
    await landed();
    expect(writes.at(-1)!.status).toBe('complete');
  });

  it('stores an answer that ended without a terminal event as incomplete, text kept', async () => {
    const { recorder, writes, landed } = harness();
    recorder.onEntries([entry({ type: 'content', text: 'partial' })]);
    recorder.onSettled();
    await landed();
    expect(writes.at(-1)).toMatchObject({ status: 'incomplete', content: 'partial' });
  });

  it('tells an error from a cut-off stream, as the browser does', async () => {
    const { recorder, writes, landed } = harness();
    recorder.onEntries([
      entry({ type: 'error', error: { code: 'upstream_http_error', message: 'no' } }, true),
    ]);
    await landed();
    expect(writes.at(-1)!.status).toBe('error');
  });
});
