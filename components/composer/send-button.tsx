'use client';

import type { ReactNode } from 'react';
import { FOCUS_RING } from '../ui/button';
import { ArrowUpIcon, StopIcon } from '../ui/conversation-icons';

/** Send, or Stop while an answer streams (the same place, so the pointer finds it). */
export function SendButton({
  running,
  canSend,
  onStop,
}: {
  running: boolean;
  canSend: boolean;
  onStop: () => void;
}) {
  return running ? (
    <button
      type="button"
      onClick={onStop}
      aria-label="Stop"
      title="Stop (Esc)"
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300 ${FOCUS_RING}`}
    >
      <StopIcon />
    </button>
  ) : (
    <button
      type="submit"
      aria-label="Send"
      title="Send (Enter)"
      disabled={!canSend}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-teal-700 text-lg text-white hover:bg-teal-800 disabled:bg-zinc-200 disabled:text-zinc-500 dark:bg-teal-500 dark:text-zinc-950 dark:hover:bg-teal-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-400 ${FOCUS_RING}`}
    >
      <ArrowUpIcon />
    </button>
  );
}

/** Why the message cannot go (yet), in sentences, announced as they appear. */
export function ComposerNotices({
  notices,
  children,
}: {
  notices: string[];
  /** A notice that is more than a sentence (a limit's countdown); false when there is none. */
  children?: ReactNode;
}) {
  if (!notices.length && !children) return null;
  return (
    <div
      role="alert"
      className="mb-2 space-y-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
    >
      {children}
      {notices.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}
