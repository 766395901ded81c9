'use client';

import { useState } from 'react';
import type { ModelTraits } from '@/lib/browser/chat/build-request';
import { useApiFetch } from '../store/use-api-fetch';
import { useChatStoreApi } from '../store/use-chat-store';
import { formatCount } from '../ui/format';
import { Button } from '../ui/text-button';
import { carryOver } from './carry-over';
import type { ContextFit } from './use-context-fit';

/**
 * Said before sending when the conversation and the message no longer fit the model's context:
 * by how much, and the two ways on — a new chat that carries a summary, or leaving the oldest
 * turns out of what is sent. While they are left out, says so, with the way back. Loaded when a
 * conversation first outgrows its model (docs/performance.md).
 */
export function ContextNotice({
  fit,
  traits,
  draft,
}: {
  fit: ContextFit;
  traits: ModelTraits;
  draft: string;
}) {
  const store = useChatStoreApi();
  const fetchFn = useApiFetch();
  const [state, setState] = useState<'idle' | 'summarising' | 'failed'>('idle');
  if (fit.dropping)
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1">
          The oldest turns are left out of what is sent, so that it fits this model’s context.
        </p>
        <Button size="sm" variant="ghost" onClick={() => fit.setDropping(false)}>
          Send everything
        </Button>
      </div>
    );
  const summarise = async () => {
    setState('summarising');
    const ok = await carryOver(store, fetchFn, traits, fit, draft);
    setState(ok ? 'idle' : 'failed');
  };
  return (
    <div className="space-y-2">
      <p>
        {`This conversation no longer fits the model’s context: about ${formatCount(fit.needed)} tokens with room for the answer, ${formatCount(fit.over)} over its ${formatCount(fit.limit)}.`}
      </p>
      {state === 'failed' && (
        <p>The summary could not be written. Try again, or leave out the oldest turns.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="primary"
          disabled={state === 'summarising'}
          onClick={() => void summarise()}
        >
          {state === 'summarising' ? 'Writing a summary…' : 'New chat with a summary'}
        </Button>
        <Button size="sm" onClick={() => fit.setDropping(true)}>
          Leave out the oldest turns
        </Button>
      </div>
    </div>
  );
}
