'use client';

import type { ModelTraits } from '@/lib/browser/chat/build-request';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { useModels } from './use-models';
import { useChatStore } from './use-chat-store';
import { selectChosenModel } from './selectors';

interface ActiveModel {
  /** The model id the open conversation (or the next new one) uses; null before models load. */
  id: string | null;
  /** Its entry in `/api/models`; undefined when it is not (or no longer) offered. */
  info: ModelInfo | undefined;
  /** What requests need; null when there is no usable model. */
  traits: ModelTraits | null;
  models: ModelInfo[];
  loading: boolean;
}

/** Turns a model list entry into what the request builder needs. */
function traitsOf(info: ModelInfo | undefined): ModelTraits | null {
  if (!info) return null;
  return {
    id: info.id,
    kind: info.kind,
    ...(info.reasoning ? { reasoning: true } : {}),
    ...(info.stateful_sessions ? { statefulSessions: true } : {}),
  };
}

/**
 * The model of the open conversation; for a new chat the last one picked, else the server's
 * default. A conversation keeps its model even when the backend stops offering it (then `info`
 * is undefined and sending waits for another pick).
 */
export function useActiveModel(): ActiveModel {
  const query = useModels();
  const models = query.data?.models ?? [];
  const chosen = useChatStore(selectChosenModel);
  const isNewChat = useChatStore((s) => s.activeId === null);
  const offered = (id: string | null) => (id ? models.find((m) => m.id === id) : undefined);
  let id = chosen;
  if (!offered(id) && (isNewChat || !id)) id = query.data?.default_model ?? models[0]?.id ?? chosen;
  const info = offered(id);
  return { id, info, traits: traitsOf(info), models, loading: query.isPending };
}
