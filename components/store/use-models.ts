'use client';

import { createContext, useContext } from 'react';
import type { ModelsResponse } from '@/lib/protocol/api-shapes';

/** The model list as the components read it. */
export interface ModelsState {
  data: ModelsResponse | undefined;
  /** No answer yet. */
  isPending: boolean;
  /** Asks for the list again now (the health banner does, when a backend comes back). */
  refresh: () => void;
}

/** Filled by `ModelsProvider` (models-provider.tsx). */
export const ModelsContext = createContext<ModelsState | null>(null);

/** The models every configured backend offers. */
export function useModels(): ModelsState {
  const models = useContext(ModelsContext);
  if (!models) throw new Error('useModels needs a ModelsProvider above it.');
  return models;
}
