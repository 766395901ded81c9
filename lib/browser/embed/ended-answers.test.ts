import { describe, expect, it } from 'vitest';
import { createConversation } from '../chat/conversation';
import { createAssistantMessage, type AssistantStatus } from '../chat/message';
import { endedAnswers } from './ended-answers';

function state(status: AssistantStatus, running: boolean) {
  const conversation = createConversation('c', 'm', 1);
  conversation.messages = [{ ...createAssistantMessage('a', 'm', 1), status }];
  const runningMap: Record<string, string> = running ? { c: 'a' } : {};
  return { running: runningMap, conversations: { c: conversation } };
}

describe('endedAnswers', () => {
  it('reports how an answer that stopped running ended', () => {
    expect(endedAnswers(state('streaming', true), state('complete', false))).toEqual(['complete']);
    expect(endedAnswers(state('streaming', true), state('stopped', false))).toEqual(['stopped']);
  });

  it('reports nothing while it runs, or when nothing changed', () => {
    const running = state('streaming', true);
    expect(endedAnswers(running, running)).toEqual([]);
    expect(endedAnswers(running, { ...state('streaming', true), running: { c: 'a' } })).toEqual([]);
    expect(endedAnswers(state('complete', false), state('complete', false))).toEqual([]);
  });

  it('ignores answers whose conversation was deleted', () => {
    expect(endedAnswers(state('streaming', true), { running: {}, conversations: {} })).toEqual([]);
  });
});
