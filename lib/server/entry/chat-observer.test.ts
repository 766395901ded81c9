import { describe, expect, it } from 'vitest';
import type { ChatLogFields } from '../log/chat-log';
import type { StreamSummary } from '../stream/event-output';
import { getMetricSet } from '../metrics/registry';
import { observeChat, refuseChat } from './chat-observer';

const end: StreamSummary = {
  requestId: 'chat_1',
  outcome: 'error',
  errorCode: 'upstream_unreachable',
  ttftMs: null,
  durationMs: 5,
};

describe('a chat with a model its backend could not list', () => {
  it('is counted as model "other" in metrics, and logged with the id asked for', async () => {
    const lines: ChatLogFields[] = [];
    const context = { provider: 'gpu', model: 'made-up-7f3a', unlisted: true };
    observeChat((l) => lines.push(l), context).onEnd(end);
    refuseChat((l) => lines.push(l), { status: 429, code: 'rate_limited', message: 'm' }, context);
    const text = await getMetricSet().registry.metrics();
    expect(text).not.toContain('made-up-7f3a');
    expect(text).toContain(
      'runnel_chat_requests_total{outcome="error",code="upstream_unreachable",provider="gpu",model="other"}',
    );
    expect(text).toContain(
      'runnel_chat_requests_total{outcome="rejected",code="rate_limited",provider="gpu",model="other"}',
    );
    expect(lines.map((l) => l.model)).toEqual(['made-up-7f3a', 'made-up-7f3a']);
    expect(lines.some((l) => 'unlisted' in l)).toBe(false);
  });

  it('a listed model is its own label', async () => {
    observeChat(() => undefined, { provider: 'gpu', model: 'gpu:listed-one' }).onEnd(end);
    expect(await getMetricSet().registry.metrics()).toContain('model="gpu:listed-one"');
  });
});
