'use client';

import type { ComposerFiles } from './composer-files';
import type { PendingAttachments } from './use-attachments';

const NONE: PendingAttachments = {
  attachments: [],
  problems: [],
  busy: false,
  add: () => undefined,
  restore: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
};

const NO_CHECK = { ready: true, live: null, atSend: () => null };
const NO_DROP = { dragging: false, dropHandlers: {}, onPaste: undefined };

/**
 * A composer that takes text only (the widget): the same hooks, doing nothing. Types only are
 * imported from the file handling, so none of it is bundled where this is used.
 */
export const NO_FILES: ComposerFiles = {
  useAttachments: () => NONE,
  useReturnedAttachments: () => undefined,
  useFileDrop: () => NO_DROP,
  useSendCheck: () => NO_CHECK,
  AttachButton: () => null,
  AttachmentTray: () => null,
};
