'use client';

import { lazy, memo, Suspense, useState } from 'react';
import type { UserMessage as Message } from '@/lib/browser/chat/message';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { PencilIcon } from '../ui/icons';

/** Loaded when a message is first edited, not with the page (docs/performance.md). */
const MessageEditor = lazy(() =>
  import('./message-editor').then((m) => ({ default: m.MessageEditor })),
);

interface UserMessageProps {
  message: Message;
  /** Null while editing is unavailable (an answer streams). */
  onEdit: ((text: string) => void) | null;
}

/** A user turn: right-aligned bubble with Copy and Edit (edit re-sends from this message). */
export const UserMessage = memo(function UserMessage({ message, onEdit }: UserMessageProps) {
  const [editing, setEditing] = useState(false);
  return (
    <article
      data-role="user"
      aria-label="Your message"
      className="group/message flex flex-col items-end"
    >
      {editing && onEdit ? (
        <Suspense fallback={null}>
          <MessageEditor
            initial={message.content}
            onCancel={() => setEditing(false)}
            onSave={(text) => {
              setEditing(false);
              onEdit(text);
            }}
          />
        </Suspense>
      ) : (
        <>
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-zinc-100 px-4 py-2.5 text-[15px] leading-relaxed text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
            {message.content}
          </div>
          <div className="mt-1 flex gap-0.5 opacity-100 transition-opacity sm:opacity-0 sm:group-hover/message:opacity-100 sm:group-focus-within/message:opacity-100">
            <CopyButton text={message.content} label="Copy message" />
            <IconButton
              label="Edit message"
              size="sm"
              disabled={!onEdit}
              onClick={() => setEditing(true)}
            >
              <PencilIcon />
            </IconButton>
          </div>
        </>
      )}
    </article>
  );
});
