'use client';

import type { ReactNode } from 'react';
import type { AssistantMessage } from '@/lib/browser/chat/message';
import { explainError } from '@/lib/browser/errors/error-sentences';
import { TextButton } from '../ui/text-button-base';
import { RefreshIcon, AlertIcon } from '../ui/conversation-icons';

/** The technical facts behind the sentence, for whoever debugs it, behind a "Details" disclosure. */
export function ErrorDetails({ message }: { message: AssistantMessage }) {
  const e = message.error;
  const rows: [string, string][] = [];
  if (e) {
    rows.push(['Message', e.message], ['Code', e.code]);
    if (e.status !== undefined) rows.push(['HTTP status', String(e.status)]);
    if (e.limit) rows.push(['Limit', e.limit]);
  }
  if (message.requestId) rows.push(['Request', message.requestId]);
  return (
    <details className="group/details w-full text-[13px]">
      <summary className="w-fit cursor-pointer select-none rounded font-medium underline decoration-dotted underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-current">
        Details
      </summary>
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="opacity-80">{label}</dt>
            <dd className="min-w-0 break-words font-mono text-xs leading-5">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** One of the actions under an answer that did not simply end; disabled when not possible now. */
export function AnswerAction({
  icon,
  label,
  onAction,
}: {
  icon: ReactNode;
  label: string;
  onAction: (() => void) | null;
}) {
  return (
    <TextButton size="sm" icon={icon} disabled={!onAction} onClick={onAction ?? undefined}>
      {label}
    </TextButton>
  );
}

/** The answer's one retry control. */
export function RetryButton({ onRetry }: { onRetry: (() => void) | null }) {
  return <AnswerAction icon={<RefreshIcon />} label="Retry" onAction={onRetry} />;
}

/**
 * A failed answer: what happened in a sentence, the next step, the technical detail behind a
 * "Details" disclosure, and the answer's one retry control.
 */
export function ErrorNotice({
  message,
  onRetry,
}: {
  message: AssistantMessage;
  onRetry: (() => void) | null;
}) {
  const { text, next } = explainError(
    message.error ?? { code: 'unknown', message: 'The request failed.' },
  );
  return (
    <div
      role="alert"
      className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2 rounded-xl bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p>
          <span className="font-medium">{text}</span> {next}
        </p>
        <ErrorDetails message={message} />
      </div>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}
