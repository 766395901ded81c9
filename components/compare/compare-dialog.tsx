'use client';

import { useState } from 'react';
import type { ModelTraits } from '@/lib/browser/chat/build-request';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import { startCompare, type CompareSession } from '@/lib/browser/chat/compare-run';
import { distinctLabels } from '@/lib/browser/models/distinct-labels';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { browserStreamScheduler } from '../store/browser-scheduling';
import { useActiveModel } from '../store/use-active-model';
import { useApiFetch } from '../store/use-api-fetch';
import { useChatStoreApi } from '../store/use-chat-store';
import { Dialog } from '../ui/dialog';
import { Button } from '../ui/text-button';

/** How many answers a comparison shows side by side. */
const MIN_MODELS = 2;
const MAX_MODELS = 3;

const traits = (m: ModelInfo): ModelTraits => ({
  id: m.id,
  kind: m.kind,
  ...(m.reasoning ? { reasoning: true } : {}),
});

/** The models picked at first: the conversation's own, then the next ones in the list. */
function firstPicks(models: readonly ModelInfo[], active: string | null): string[] {
  const ids = models.map((m) => m.id);
  const start = active ? Math.max(0, ids.indexOf(active)) : 0;
  return [...ids.slice(start), ...ids.slice(0, start)].slice(0, MAX_MODELS);
}

/**
 * Picks two or three chat models, then sends the message in the box to each of them at once
 * (compare-run.ts). Provider sessions are not used: each answer is asked with the whole history.
 */
export function CompareDialog({
  open,
  onClose,
  onStart,
}: {
  open: boolean;
  onClose: () => void;
  onStart: (session: CompareSession) => void;
}) {
  const store = useChatStoreApi();
  const fetchImpl = useApiFetch();
  const { models: all, id: active } = useActiveModel();
  const models = all.filter((m) => m.kind === 'chat');
  const [picked, setPicked] = useState<string[]>(() => firstPicks(models, active));
  const chosen = models.filter((m) => picked.includes(m.id));
  const labels = distinctLabels(
    models.map((m) => m.id),
    models,
  );
  const enough = chosen.length >= MIN_MODELS && chosen.length <= MAX_MODELS;
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));

  const start = () => {
    const s = store.getState();
    const conversation = s.activeId ? s.conversations[s.activeId] : undefined;
    const draftKey = s.activeId ?? NEW_CHAT_DRAFT;
    const question = s.drafts[draftKey] ?? '';
    if (!enough || !question.trim() || (s.activeId && s.running[s.activeId])) return;
    const session = startCompare(
      {
        fetch: fetchImpl,
        now: Date.now,
        newId: () => crypto.randomUUID(),
        scheduleFrame: browserStreamScheduler(),
      },
      {
        conversationId: conversation ? conversation.id : null,
        history: conversation?.messages ?? [],
        settings: conversation?.settings ?? s.newChatSettings,
        question,
        models: chosen.map(traits),
      },
    );
    s.setDraft(draftKey, '');
    onStart(session);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Compare models">
      {/* No form: the dialog sits inside the composer's form, and forms do not nest. */}
      <div>
        <fieldset>
          <legend className="text-sm text-zinc-600 dark:text-zinc-400">
            Send the message to {MIN_MODELS} or {MAX_MODELS} models at once, their answers side by
            side.
          </legend>
          <div className="mt-3 flex flex-col gap-1">
            {models.map((m) => {
              const on = picked.includes(m.id);
              return (
                <label key={m.id} className="flex items-center gap-2 rounded-md px-1 py-1 text-sm">
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && chosen.length >= MAX_MODELS}
                    onChange={(e) => toggle(m.id, e.target.checked)}
                    data-model-id={m.id}
                  />
                  <span>{labels.get(m.id) ?? m.id}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={!enough} onClick={start}>
          Compare {chosen.length} models
        </Button>
      </div>
    </Dialog>
  );
}
