'use client';

import { useEffect } from 'react';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/**
 * The text-completion view, which only text-completion models use (a kind few deployments offer):
 * loaded on demand, but as soon as such a model is the active one — before anything is sent, so
 * its answers never wait for it.
 */
const completionView = onDemand(() => import('./completion-pair'));

export const CompletionPair = lazyComponent(completionView, (m) => m.CompletionPair);

/** Loads the completion view while `completion` (the active model continues text) holds. */
export function useCompletionView(completion: boolean): void {
  useEffect(() => {
    if (completion) void completionView.load();
  }, [completion]);
}
