'use client';

import { memo, useState, type ReactNode } from 'react';
import type { UserMessage as Message } from '@/lib/browser/chat/message';
import { Button, IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { AttachmentChip } from '../ui/attachment-chip';
import { PencilIcon } from '../ui/icons';
import { MarkdownView } from '../markdown/markdown-view';

interface UserMessageProps {
  message: Message;
  /** Null while editing is unavailable (an answer streams). */
  onEdit: ((text: string) => void) | null;
  /** The version switcher, when the message has versions. */
  versions?: ReactNode;
}

function Editor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (t: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="w-full max-w-[85%] space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSave(text);
      }}
    >
      <textarea
        aria-label="Edit message"
        value={text}
        autoFocus
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (text.trim()) onSave(text);
          }
        }}
        className="w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-[15px] outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit" disabled={!text.trim()}>
          Save & send
        </Button>
      </div>
    </form>
  );
}

/**
 * A user turn: right-aligned bubble, its text rendered as Markdown by the same safe renderer as
 * answers (no raw HTML, no fetched images), its attachments above it; Copy and Edit (an edit is a
 * new version, answered anew; the original stays with the turns that followed it).
 */
export const UserMessage = memo(function UserMessage({
  message,
  onEdit,
  versions,
}: UserMessageProps) {
  const [editing, setEditing] = useState(false);
  return (
    <article
      data-role="user"
      aria-label="Your message"
      className="group/message flex flex-col items-end"
    >
      {editing && onEdit ? (
        <Editor
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSave={(text) => {
            setEditing(false);
            onEdit(text);
          }}
        />
      ) : (
        <>
          {message.attachments && (
            <ul
              aria-label="Attachments"
              className="mb-2 flex max-w-[85%] flex-wrap justify-end gap-2"
            >
              {message.attachments.map((a, i) => (
                <AttachmentChip key={`${i}-${a.name}`} attachment={a} />
              ))}
            </ul>
          )}
          {message.content.trim() && (
            <div className="user-markdown max-w-[85%] min-w-0 break-words rounded-2xl rounded-br-md bg-zinc-100 px-4 py-2.5 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
              <MarkdownView source={message.content} streaming={false} />
            </div>
          )}
          <div className="mt-1 flex items-center gap-1">
            {versions}
            <div className="flex gap-0.5 opacity-100 transition-opacity sm:opacity-0 sm:group-hover/message:opacity-100 sm:group-focus-within/message:opacity-100">
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
          </div>
        </>
      )}
    </article>
  );
});
