'use client';

import type { ClipboardEventHandler, ComponentType, DOMAttributes } from 'react';
import type { Attachment } from '@/lib/browser/attachments/attachment';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import type { ModelInfo } from '@/lib/protocol/api-shapes';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { AttachButton } from './attach-button';
import { useAttachments, useReturnedAttachments, type PendingAttachments } from './use-attachments';
import { useFileDrop } from './use-file-drop';
import { useSendCheck } from './use-send-check';

/** What dropping or pasting files onto the composer needs. */
export interface FileDrop {
  dragging: boolean;
  dropHandlers: Pick<
    DOMAttributes<HTMLElement>,
    'onDragEnter' | 'onDragOver' | 'onDragLeave' | 'onDrop'
  >;
  onPaste?: ClipboardEventHandler<HTMLTextAreaElement>;
}

/**
 * What the composer needs to take files (the button, paste and drop, the checks before sending).
 * The chat page passes {@link PAGE_FILES}; the widget passes nothing, so a site's visitors type
 * text only and the widget does not download any of it.
 */
export interface ComposerFiles {
  useAttachments: (draftKey: string, imageMaxEdge?: number) => PendingAttachments;
  useReturnedAttachments: typeof useReturnedAttachments;
  useFileDrop: (onFiles: (files: File[]) => void) => FileDrop;
  useSendCheck: (
    store: ChatStore,
    info: ModelInfo | undefined,
    attachments: readonly Attachment[],
    maxRequestBytes: number,
  ) => ReturnType<typeof useSendCheck>;
  AttachButton: ComponentType<{ onFiles: (files: File[]) => void }>;
  /** The files being attached, above the message box (inside a `<Suspense>`). */
  AttachmentTray: ComponentType<{ pending: PendingAttachments }>;
}

/** Loaded with the first file attached (docs/performance.md). */
const AttachmentTray = lazyComponent(
  onDemand(() => import('./attachment-tray')),
  (m) => m.AttachmentTray,
);

/** Files by "Attach files", paste and drop, as the chat page takes them. */
export const PAGE_FILES: ComposerFiles = {
  useAttachments,
  useReturnedAttachments,
  useFileDrop,
  useSendCheck,
  AttachButton,
  AttachmentTray,
};
