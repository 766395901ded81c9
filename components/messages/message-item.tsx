'use client';

import { Suspense, useCallback, useMemo } from 'react';
import { ROOT } from '@/lib/browser/chat/conversation';
import type { Rating } from '@/lib/protocol/feedback';
import { isAssistant } from '@/lib/browser/chat/message';
import { useActiveModel } from '../store/use-active-model';
import { useChatStore, useChatStoreApi } from '../store/use-chat-store';
import { selectRunning } from '../store/selectors';
import { AssistantMessage } from './assistant-message';
import { CompletionPair } from './completion-view';
import { UserMessage } from './user-message';
import { VersionSwitcher } from './version-switcher';

interface MessageItemProps {
  conversationId: string;
  index: number;
  /** Text-completion view: prompt and continuation as one plain text. */
  completion: boolean;
}

/** Connects one message to the store (selected by index: O(1) per update while streaming). */
export function MessageItem({ conversationId, index, completion }: MessageItemProps) {
  const store = useChatStoreApi();
  const message = useChatStore((s) => s.conversations[conversationId]?.messages[index]);
  const next = useChatStore((s) =>
    completion ? s.conversations[conversationId]?.messages[index + 1] : undefined,
  );
  const busy = useChatStore(selectRunning(conversationId));
  const isLast = useChatStore(
    (s) => s.conversations[conversationId]?.messages.length === index + 1,
  );
  const hasVersions = useChatStore((s) => {
    const c = s.conversations[conversationId];
    if (!c?.versions) return false;
    const parent = index === 0 ? ROOT : c.messages[index - 1]?.id;
    return parent !== undefined && (c.versions[parent]?.length ?? 0) > 1;
  });
  const { traits, models } = useActiveModel();
  const usable = !busy && traits !== null;
  const messageId = message?.id;
  const nextId = isAssistant(next) ? next.id : undefined;

  // Stable callbacks, so a memoised message skips renders in which only other state changed.
  const regenerate = useCallback(
    (id: string) => traits && store.getState().regenerate(conversationId, id, traits),
    [store, conversationId, traits],
  );
  const continueAnswer = useCallback(
    (id: string) => traits && store.getState().continueAnswer(conversationId, id, traits),
    [store, conversationId, traits],
  );
  const onEdit = useCallback(
    (text: string) =>
      messageId &&
      traits &&
      store.getState().editAndResend(conversationId, messageId, text, traits),
    [store, conversationId, messageId, traits],
  );
  const onRegenerate = useMemo(
    () => (usable && messageId ? () => regenerate(messageId) : null),
    [usable, messageId, regenerate],
  );
  const onContinue = useMemo(
    () => (usable && isLast && messageId ? () => continueAnswer(messageId) : null),
    [usable, isLast, messageId, continueAnswer],
  );
  const onRate = useCallback(
    (rating: Rating | null) =>
      messageId && void store.getState().rateAnswer(conversationId, messageId, rating),
    [store, conversationId, messageId],
  );
  const versions = useMemo(
    () =>
      hasVersions ? (
        <VersionSwitcher conversationId={conversationId} index={index} enabled={!busy} />
      ) : null,
    [hasVersions, conversationId, index, busy],
  );

  if (!message) return null;
  if (completion) {
    if (message.role !== 'user') return null;
    return (
      <Suspense fallback={null}>
        <CompletionPair
          prompt={message}
          answer={isAssistant(next) ? next : undefined}
          onRetry={usable && nextId ? () => regenerate(nextId) : null}
          onContinue={usable && nextId ? () => continueAnswer(nextId) : null}
        />
      </Suspense>
    );
  }
  if (message.role === 'user')
    return <UserMessage message={message} onEdit={usable ? onEdit : null} versions={versions} />;
  const info = models.find((m) => m.id === message.model);
  return (
    <AssistantMessage
      message={message}
      modelLabel={info?.label ?? message.model}
      {...(info?.credit_unit ? { creditUnit: info.credit_unit } : {})}
      onRegenerate={onRegenerate}
      onContinue={onContinue}
      versions={versions}
      onRate={onRate}
    />
  );
}
