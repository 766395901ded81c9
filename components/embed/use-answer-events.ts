'use client';

import { useEffect, useRef } from 'react';
import { endedAnswers } from '@/lib/browser/embed/ended-answers';
import type { AnswerOutcome } from '@/lib/protocol/embed-wire';
import { useChatStoreApi } from '../store/use-chat-store';

/** Calls `onAnswer` with the outcome of every answer that ends (complete, stopped, error…). */
export function useAnswerEvents(onAnswer: (outcome: AnswerOutcome) => void): void {
  const store = useChatStoreApi();
  const callback = useRef(onAnswer);
  useEffect(() => {
    callback.current = onAnswer;
  });
  useEffect(
    () =>
      store.subscribe((next, prev) => {
        for (const outcome of endedAnswers(prev, next)) callback.current(outcome);
      }),
    [store],
  );
}
