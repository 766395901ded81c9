'use client';

import { useCallback, useEffect, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import {
  DEFAULT_ATTACHMENT_LIMITS,
  type Attachment,
  type AttachmentLimits,
} from '@/lib/browser/attachments/attachment';
import { withoutDuplicates } from '@/lib/browser/attachments/duplicates';

/** Reading attached files (pdf.js for PDFs after it), loaded with the first file. */
const fileReader = onDemand(() => import('@/lib/browser/attachments/read-files'));

/** The composer's attachments for one draft, and what happened to the files last added. */
export interface PendingAttachments {
  attachments: Attachment[];
  /** One sentence per file that could not be attached (cleared by the next add or send). */
  problems: string[];
  /** Files are being read (images downscaled). */
  busy: boolean;
  add(files: readonly File[]): void;
  /** Puts attachments back (a message a limit refused returns to the composer). */
  restore(attachments: readonly Attachment[]): void;
  remove(index: number): void;
  clear(): void;
}

interface DraftState {
  attachments: Attachment[];
  problems: string[];
  busy: number;
}

const EMPTY: DraftState = { attachments: [], problems: [], busy: 0 };

/**
 * Attachments waiting to be sent, per draft (so switching conversations keeps each one's). Files
 * are read by a module loaded on first use: a page that never attaches never downloads it.
 */
export function useAttachments(draftKey: string, imageMaxEdge?: number): PendingAttachments {
  const [drafts, setDrafts] = useState<Record<string, DraftState>>({});
  const state = drafts[draftKey] ?? EMPTY;
  const update = useCallback(
    (key: string, fn: (s: DraftState) => DraftState) =>
      setDrafts((all) => ({ ...all, [key]: fn(all[key] ?? EMPTY) })),
    [],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (!files.length) return;
      const key = draftKey;
      const limits: AttachmentLimits = {
        ...DEFAULT_ATTACHMENT_LIMITS,
        ...(imageMaxEdge ? { imageMaxEdge } : {}),
      };
      update(key, (s) => ({ ...s, problems: [], busy: s.busy + 1 }));
      void fileReader
        .load()
        .then(({ readFiles }) => readFiles(files, limits))
        .then(
          (result) =>
            update(key, (s) => {
              const { attachments, duplicates } = withoutDuplicates(
                s.attachments,
                result.attachments,
              );
              return {
                attachments: [...s.attachments, ...attachments],
                problems: [
                  ...s.problems,
                  ...result.problems,
                  ...duplicates.map((name) => `“${name}” is already attached.`),
                ],
                busy: s.busy - 1,
              };
            }),
          () =>
            update(key, (s) => ({
              ...s,
              problems: [...s.problems, 'The files could not be read.'],
              busy: s.busy - 1,
            })),
        );
    },
    [draftKey, imageMaxEdge, update],
  );

  return {
    attachments: state.attachments,
    problems: state.problems,
    busy: state.busy > 0,
    add,
    restore: (attachments) =>
      update(draftKey, (s) => ({ ...s, attachments: [...attachments, ...s.attachments] })),
    remove: (index) =>
      update(draftKey, (s) => ({
        ...s,
        problems: [],
        attachments: s.attachments.filter((_, i) => i !== index),
      })),
    clear: () => update(draftKey, () => EMPTY),
  };
}

/**
 * A message refused by a limit comes back to the composer with its text (the store puts it back
 * into the draft) and its attachments (put back here, once per refusal).
 */
export function useReturnedAttachments(
  notice: { attachments?: Attachment[] } | null,
  pending: PendingAttachments,
): void {
  const { restore } = pending;
  useEffect(() => {
    if (notice?.attachments) restore(notice.attachments);
    // Once per notice: `restore` changes with the draft, the notice does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notice]);
}
