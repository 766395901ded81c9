'use client';

import { useMemo, useState } from 'react';
import type { ModelTraits } from '@/lib/browser/chat/build-request';
import { historyNeed } from '@/lib/browser/chat/context-need';
import { estimateTokens } from '@/lib/browser/chat/estimate-tokens';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { DEFAULT_MAX_OUTPUT_TOKENS } from '@/lib/protocol/api-shapes';
import { selectActiveSettings } from '../store/selectors';
import { useChatStore, useSettledMessages } from '../store/use-chat-store';

/** How the next request compares with the model's context, and what the reader chose to do. */
export interface ContextFit {
  /** The model's context, in tokens. */
  limit: number;
  /** Room kept for the answer: the conversation's max tokens, else the server's cap. */
  reserve: number;
  /** The request with the answer's room, estimated. */
  needed: number;
  /** Tokens over the limit (0 or less when it fits). */
  over: number;
  /** Counted over estimated tokens in this conversation. */
  ratio: number;
  /** The oldest turns are left out of what is sent (the reader's choice, for this conversation). */
  dropping: boolean;
  setDropping: (on: boolean) => void;
  /** The model traits a send uses: with `fit` while dropping. */
  traitsFor: (traits: ModelTraits) => ModelTraits;
}

/**
 * Whether the open conversation and `draft` still fit the model's context, estimated before
 * sending (the backend would refuse it, or cut the history silently). Null for a model whose
 * context is unknown or that takes a prompt alone.
 */
export function useContextFit(
  draft: string,
  info: ModelInfo | undefined,
  traits: ModelTraits | null,
  maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS,
): ContextFit | null {
  const activeId = useChatStore((s) => s.activeId);
  // As the last answer started: it is estimated again once it ends (the next request comes after).
  const messages = useSettledMessages();
  const settings = useChatStore(selectActiveSettings);
  const [droppingIn, setDroppingIn] = useState<string | null>(null);
  const history = useMemo(
    () => (traits ? historyNeed(messages, settings, traits) : null),
    [messages, settings, traits],
  );
  const limit = info?.context_length;
  if (!limit || !history || !traits || info.kind === 'completion') return null;
  const reserve = Math.min(settings.maxTokens ?? maxOutputTokens, Math.floor(limit / 2));
  const needed = Math.ceil((history.tokens + estimateTokens(draft) + 4) * history.ratio) + reserve;
  const dropping = activeId !== null && droppingIn === activeId;
  return {
    limit,
    reserve,
    needed,
    over: needed - limit,
    ratio: history.ratio,
    dropping,
    setDropping: (on) => setDroppingIn(on ? activeId : null),
    traitsFor: (t) =>
      dropping ? { ...t, fit: { budget: limit - reserve, ratio: history.ratio } } : t,
  };
}
