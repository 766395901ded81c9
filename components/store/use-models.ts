'use client';

import { createContext, useContext } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';

/** Query key of the model list; the health banner invalidates it when a backend comes back. */
export const MODELS_KEY = ['models'] as const;

/** While the model list is empty (no backend answered yet), it is asked for again this often. */
export const MODELS_RETRY_MS = 5_000;

/** `GET /api/models`. */
export async function fetchModels(): Promise<ModelsResponse> {
  const res = await fetch('/api/models', { cache: 'no-store' });
  if (!res.ok) throw new Error(`GET /api/models answered HTTP ${res.status}`);
  return (await res.json()) as ModelsResponse;
}

/** The model list as the components read it, whoever fetches it. */
export interface ModelsState {
  data: ModelsResponse | undefined;
  /** No answer yet. */
  isPending: boolean;
}

/**
 * Where the model list comes from: the chat page's server-state cache (`QueryModelsProvider`),
 * or the widget's single request (`FetchedModelsProvider`), which keeps the query library out of
 * the widget's JavaScript (docs/performance.md).
 */
export const ModelsContext = createContext<ModelsState | null>(null);

/** The models every configured backend offers. An empty list is asked for again every few seconds. */
export function useModels(): ModelsState {
  const models = useContext(ModelsContext);
  if (!models) throw new Error('useModels needs a models provider above it.');
  return models;
}
