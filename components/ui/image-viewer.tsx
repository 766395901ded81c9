'use client';

import type { ImageAttachment } from '@/lib/browser/attachments/attachment';
import { Dialog } from './dialog';

/** An attached image at the size it was sent, in a dialog (Esc or a click beside it closes). */
export function ImageViewer({ image, onClose }: { image: ImageAttachment; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title={image.name} wide>
      <figure className="space-y-2">
        {/* A data URL made in this browser from the user's own file: nothing is fetched. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={image.dataUrl}
          alt={image.name}
          width={image.width}
          height={image.height}
          className="mx-auto max-h-[70dvh] w-auto max-w-full rounded-lg object-contain"
        />
        <figcaption className="text-center text-xs text-zinc-600 dark:text-zinc-400">
          {image.width} × {image.height} pixels, as sent to the model
        </figcaption>
      </figure>
    </Dialog>
  );
}
