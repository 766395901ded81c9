'use client';

import { useEffect, useRef } from 'react';
import { onDemand } from '../ui/on-demand';
import { deriveTitle } from '@/lib/browser/chat/conversation';
import { isAssistant } from '@/lib/browser/chat/message';
import { whenIdle } from '../markdown/idle';
import { useApiFetch } from '../store/use-api-fetch';
import { useChatStoreApi } from '../store/use-chat-store';
import { useModels } from '../store/use-models';

/** The title request, loaded in idle time after a first answer. */
const titleRequest = onDemand(() => import('@/lib/browser/chat/auto-title'));

/**
 * Names a conversation after its first answer: the model (`TITLE_MODEL`, else the conversation's
 * own) is asked for a short title, which replaces the first message as the title unless the
 * reader renamed it meanwhile. The chat page's only: the widget shows no titles. The request's
 * code is loaded then, after the answer (docs/performance.md).
 */
export function useAutoTitles(): void {
  const store = useChatStoreApi();
  const fetchFn = useApiFetch();
  const titleModel = useModels().data?.title_model;
  const configured = useRef(titleModel);
  useEffect(() => {
    configured.current = titleModel;
  }, [titleModel]);

  useEffect(
    () =>
      store.subscribe((s, prev) => {
        for (const id of Object.keys(prev.running)) {
          if (s.running[id]) continue;
          const c = s.conversations[id];
          const [question, answer] = c?.messages ?? [];
          if (!c || c.titleEdited || c.messages.length !== 2 || question?.role !== 'user') continue;
          if (!isAssistant(answer) || answer.status !== 'complete' || !answer.content) continue;
          // Only while the title is still the first message's (not after a model named it).
          if (!question.content.trim() || c.title !== deriveTitle(question.content)) continue;
          const model = configured.current ?? c.model;
          if (!model || model === 'off') continue;
          const from = c.title;
          // In idle time, once the finished answer is on the screen: nothing of it waits for this.
          whenIdle(
            () =>
              void titleRequest
                .load()
                .then(({ askTitle }) => askTitle(fetchFn, model, question.content, answer.content))
                .then((title) => {
                  if (title) void store.getState().nameByModel(id, title, from);
                }),
            2_000,
          );
        }
      }),
    [store, fetchFn],
  );
}
