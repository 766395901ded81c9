'use client';

import { useStore } from 'zustand';
import { endsPlainly, type AssistantMessage } from '@/lib/browser/chat/message';
import type { CompareAnswer, CompareSession } from '@/lib/browser/chat/compare-run';
import { MarkdownView } from '../markdown/markdown-view';
import { EndState } from '../messages/end-state';
import { ReasoningPanel } from '../messages/reasoning-panel';
import { usageItems } from '../messages/usage-items';
import { WaitingLine } from '../messages/waiting-line';
import { Button } from '../ui/text-button';

/** How an answer ended, in the words its column and the screen reader use. */
const END_WORDS: Record<AssistantMessage['status'], string> = {
  streaming: 'Generating',
  complete: 'Complete',
  length: 'Stopped at the token limit',
  stopped: 'Stopped',
  error: 'Failed',
  incomplete: 'Cut off',
};

/** The figures a comparison is read by, in this order; the rest stay with the answer. */
const SHOWN = ['TTFT', 'Speed', 'Completion', 'Cost'];

function figuresOf(message: AssistantMessage) {
  const items = usageItems(message);
  return SHOWN.flatMap((label) => items.filter((i) => i.label === label));
}

/**
 * What a screen reader is told about this answer: once when it starts, once when it ends with its
 * figures — never per token (the columns stream at once; three voices reading along would be noise).
 */
function summary(label: string, message: AssistantMessage): string {
  if (message.status === 'streaming') return `${label}: generating.`;
  const figures = figuresOf(message)
    .map((f) => `${f.label} ${f.value}`)
    .join(', ');
  return `${label}: ${END_WORDS[message.status].toLowerCase()}${figures ? `. ${figures}` : ''}.`;
}

/** One model's answer in a comparison: the text as it streams, its figures, how it ended. */
export function CompareColumn({
  session,
  answer,
  label,
  onUse,
  busy,
}: {
  session: CompareSession;
  answer: CompareAnswer;
  label: string;
  onUse: () => void;
  /** True while an answer is being taken (the buttons wait). */
  busy: boolean;
}) {
  const message = useStore(session.state, (s) =>
    s.conversations[answer.key]?.messages.at(-1),
  ) as AssistantMessage;
  const streaming = message.status === 'streaming';
  const waiting = streaming && !message.content && !message.reasoning;
  const headingId = `compare-${answer.messageId}`;
  return (
    <section
      aria-labelledby={headingId}
      data-status={message.status}
      data-model-id={answer.model.id}
      {...(message.usage && message.usageFinal
        ? {
            'data-prompt-tokens': message.usage.prompt_tokens,
            'data-completion-tokens': message.usage.completion_tokens,
          }
        : {})}
      className="flex min-w-0 flex-col rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <h3 id={headingId} className="truncate text-sm font-semibold" title={answer.model.id}>
        {label}
      </h3>
      <p aria-live="polite" className="sr-only">
        {summary(label, message)}
      </p>
      <dl
        aria-label={`Figures of ${label}`}
        className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs"
      >
        {[...figuresOf(message), { label: 'End', value: END_WORDS[message.status] }].map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{f.label}</dt>
            <dd className="tabular-nums text-zinc-800 dark:text-zinc-200">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 min-w-0 flex-1">
        {message.reasoning && <ReasoningPanel message={message} />}
        {waiting && <WaitingLine message={message} />}
        {message.content && <MarkdownView source={message.content} streaming={streaming} />}
        {!endsPlainly(message) && <EndState message={message} onRetry={null} onContinue={null} />}
      </div>
      <Button
        className="mt-3 self-start"
        variant="primary"
        size="sm"
        disabled={streaming || busy || message.status === 'error'}
        onClick={onUse}
        aria-describedby={headingId}
      >
        Use this answer
      </Button>
    </section>
  );
}
