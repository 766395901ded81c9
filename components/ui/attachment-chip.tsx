'use client';

import { Suspense, useState } from 'react';
import { onDemand } from './on-demand';
import { lazyComponent } from './on-demand-component';
import type { Attachment } from '@/lib/browser/attachments/attachment';
import { FOCUS_RING, IconButton } from './button';
import { formatCompact } from './format-compact';
import { CloseIcon } from './close-icon';
import { Icon, type IconProps } from './icon';

/** A document (an attached text file): only these chips show it. */
const FileIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);

/** Loaded when a thumbnail is first opened. */
const ImageViewer = lazyComponent(
  onDemand(() => import('./image-viewer')),
  (m) => m.ImageViewer,
);

/**
 * An attachment as a small tile: an image's thumbnail (opening larger on a click), or a text file's name with about how many
 * tokens it adds (and a PDF's page count). With `onRemove`, a button to take it off again.
 */
export function AttachmentChip({
  attachment: a,
  onRemove,
}: {
  attachment: Attachment;
  onRemove?: () => void;
}) {
  const [viewing, setViewing] = useState(false);
  const remove = onRemove && (
    <IconButton
      label={`Remove ${a.name}`}
      size="sm"
      onClick={onRemove}
      className="absolute -right-2 -top-2 h-6! w-6! rounded-full! border border-zinc-300 bg-white! text-xs! shadow-sm dark:border-zinc-600 dark:bg-zinc-800!"
    >
      <CloseIcon />
    </IconButton>
  );
  if (a.kind === 'image')
    return (
      <li className="relative" data-attachment="image">
        <button
          type="button"
          aria-label={`Open ${a.name} larger`}
          title={`${a.name} · ${a.width}×${a.height}`}
          onClick={() => setViewing(true)}
          className={`block rounded-lg ${FOCUS_RING}`}
        >
          {/* A data URL made in this browser from the user's own file: nothing is fetched. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={a.dataUrl}
            alt={a.name}
            width={a.width}
            height={a.height}
            className="h-16 w-16 cursor-zoom-in rounded-lg border border-zinc-200 object-cover dark:border-zinc-700"
          />
        </button>
        {viewing && (
          <Suspense fallback={null}>
            <ImageViewer image={a} onClose={() => setViewing(false)} />
          </Suspense>
        )}
        {remove}
      </li>
    );
  return (
    <li
      className="relative flex h-16 max-w-56 items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 text-left dark:border-zinc-700 dark:bg-zinc-800"
      data-attachment="text"
    >
      <FileIcon className="shrink-0 text-lg text-zinc-500 dark:text-zinc-400" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{a.name}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
          {a.pages ? `${a.pages} ${a.pages === 1 ? 'page' : 'pages'} · ` : ''}≈{' '}
          {formatCompact(a.tokens)} tokens
        </span>
      </span>
      {remove}
    </li>
  );
}
