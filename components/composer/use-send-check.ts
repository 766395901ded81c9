'use client';

import { hasImages, type Attachment } from '@/lib/browser/attachments/attachment';
import { buildAnswerRequest, type ModelTraits } from '@/lib/browser/chat/build-request';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { useEffect, useMemo, useState } from 'react';
import { useSettledMessages } from '../store/use-chat-store';
import { onDemand } from '../ui/on-demand';

const refusalTexts = onDemand(() => import('@/lib/browser/attachments/refusals'));
type Refusals = Awaited<ReturnType<typeof refusalTexts.load>>;
/**
 * The sentences are loaded with the first attachment (or a conversation that has images), not with
 * the page (docs/performance.md): a message of text alone is checked by the server, whose 413 has
 * its own sentence.
 */
function useRefusals(needed: boolean): Refusals | null {
  const [loaded, setLoaded] = useState<Refusals | null>(refusalTexts.current);
  useEffect(() => {
    if (needed && !loaded) void refusalTexts.load().then(setLoaded);
  }, [needed, loaded]);
  return needed ? loaded : null;
}

/** Whether the open conversation already has an image (a model without vision cannot go on). */
function useHistoryHasImages(): boolean {
  const messages = useSettledMessages();
  return useMemo(
    () => messages.some((m) => m.role === 'user' && hasImages(m.attachments)),
    [messages],
  );
}

/** Size in bytes of the request the message would make, exactly as it would be sent. */
function requestBytes(
  store: ChatStore,
  text: string,
  attachments: readonly Attachment[],
  traits: ModelTraits,
): number {
  const s = store.getState();
  const c = s.activeId ? s.conversations[s.activeId] : undefined;
  const user = {
    id: '',
    role: 'user' as const,
    content: text,
    createdAt: 0,
    attachments: [...attachments],
  };
  const body = buildAnswerRequest(
    [...(c?.messages ?? []), user],
    c?.settings ?? s.newChatSettings,
    traits,
  );
  return new Blob([JSON.stringify(body)]).size;
}

/**
 * What stops a message before it is sent, in a sentence: a model without vision and an image, said
 * as soon as both are there; a request over the server's size limit, checked when sending.
 */
export function useSendCheck(
  store: ChatStore,
  info: ModelInfo | undefined,
  attachments: readonly Attachment[],
  maxRequestBytes: number,
) {
  const historyImages = useHistoryHasImages();
  const needed = historyImages || attachments.length > 0;
  const checks = useRefusals(needed);
  const base = {
    modelLabel: info?.label ?? 'This model',
    vision: info?.vision === true,
    hasImages: historyImages || hasImages(attachments),
  };
  return {
    /**
     * False while the checks a message with attachments needs are still loading: Send waits for
     * them (a moment), so such a message is never sent unchecked.
     */
    ready: !needed || checks !== null,
    /** Known before the person tries to send. */
    live: info && checks ? checks.sendProblem({ ...base, requestBytes: 0 }) : null,
    /** The full check, with the request's real size. */
    atSend: (text: string, traits: ModelTraits) =>
      checks
        ? checks.sendProblem({
            ...base,
            requestBytes: requestBytes(store, text, attachments, traits),
            maxRequestBytes,
          })
        : null,
  };
}
