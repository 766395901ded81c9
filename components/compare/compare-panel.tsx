'use client';

import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { CompareSession } from '@/lib/browser/chat/compare-run';
import { isAssistant } from '@/lib/browser/chat/message';
import { useChatStoreApi } from '../store/use-chat-store';
import { distinctLabels } from '@/lib/browser/models/distinct-labels';
import { useModels } from '../store/use-models';
import { Button } from '../ui/text-button';
import { CompareColumn } from './compare-column';

/** Columns by how many answers: side by side from 640 px, stacked on a phone. */
const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as Record<number, string>;

/**
 * A comparison in place of the conversation's messages: the question, then each model's answer
 * streaming in its own column. Stop all (or Esc) stops every answer on the server; "Use this
 * answer" takes one into the conversation, the others as its versions; Discard drops them all.
 */
export function ComparePanel({
  session,
  onClose,
}: {
  session: CompareSession;
  onClose: () => void;
}) {
  const store = useChatStoreApi();
  const labels = distinctLabels(
    session.answers.map((a) => a.model.id),
    useModels().data?.models,
  );
  const streaming = useStore(session.state, (s) =>
    session.answers.some((a) => {
      const last = s.conversations[a.key]?.messages.at(-1);
      return isAssistant(last) && last.status === 'streaming';
    }),
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]'))
        return;
      session.stopAll();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, streaming]);

  const use = async (messageId: string) => {
    setBusy(true);
    // The others stop first and are kept as they ended.
    session.stopAll();
    await session.ended;
    await store
      .getState()
      .adoptComparison(session.conversationId, session.question, session.current(), messageId);
    onClose();
  };

  return (
    <section
      aria-label="Comparison"
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6"
      data-testid="compare-panel"
    >
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 className="text-sm font-semibold">Comparing {session.answers.length} models</h2>
            <p className="mt-1 line-clamp-3 text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
              {session.question.content}
            </p>
          </div>
          {streaming ? (
            <Button variant="secondary" size="sm" onClick={() => session.stopAll()}>
              Stop all
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={onClose} disabled={busy}>
              Discard
            </Button>
          )}
        </div>
        <div className={`mt-4 grid grid-cols-1 gap-3 ${COLUMNS[session.answers.length] ?? ''}`}>
          {session.answers.map((answer) => (
            <CompareColumn
              key={answer.messageId}
              session={session}
              answer={answer}
              label={labels.get(answer.model.id) ?? answer.model.id}
              busy={busy}
              onUse={() => void use(answer.messageId)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
