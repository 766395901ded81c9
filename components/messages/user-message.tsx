'use client';

import { memo, Suspense, useState, type ReactNode } from 'react';
import type { UserMessage as Message } from '@/lib/browser/chat/message';
import { IconButton } from '../ui/button';
import { CopyButton } from '../ui/copy-button';
import { PencilIcon } from '../ui/conversation-icons';
import { MarkdownView } from '../markdown/markdown-view';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { useDisplayOptions } from '../store/use-display-options';
import { dropEditDraft, editDraft, keepEditDraft } from './edit-drafts';

/** Loaded when a message is first edited, not with the page (docs/performance.md). */
const MessageEditor = lazyComponent(
  onDemand(() => import('./message-editor')),
  (m) => m.MessageEditor,
);

interface UserMessageProps {
  message: Message;
  /** Null while editing is unavailable (an answer streams). */
  onEdit: ((text: string) => void) | null;
  /** The version switcher, when the message has versions. */
  versions?: ReactNode;
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
  // 'restored': an editor left open before this message was last unmounted (it does not take the
  // focus, which would scroll the page to it).
  const [editing, setEditing] = useState<'opened' | 'restored' | false>(() =>
    editDraft(message.id) === undefined ? false : 'restored',
  );
  const { MessageFiles } = useDisplayOptions();
  const close = () => {
    dropEditDraft(message.id);
    setEditing(false);
  };
  return (
    <article
      data-role="user"
      aria-label="Your message"
      className="group/message flex flex-col items-end"
    >
      {editing && onEdit ? (
        <Suspense fallback={null}>
          <MessageEditor
            initial={editDraft(message.id) ?? message.content}
            autoFocus={editing === 'opened'}
            onChange={(text) => keepEditDraft(message.id, text)}
            onCancel={close}
            onSave={(text) => {
              close();
              onEdit(text);
            }}
          />
        </Suspense>
      ) : (
        <>
          {message.attachments && MessageFiles && (
            <MessageFiles attachments={message.attachments} />
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
                onClick={() => {
                  keepEditDraft(message.id, message.content);
                  setEditing('opened');
                }}
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
