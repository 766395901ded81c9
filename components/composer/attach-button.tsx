'use client';

import { useRef } from 'react';
import { ACCEPT } from '@/lib/browser/attachments/classify';
import { IconButton } from '../ui/button';
import { PaperclipIcon } from '../ui/more-icons';

/** "Attach files": opens the system's file picker (images and text files; several at once). */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton label="Attach files" size="sm" onClick={() => inputRef.current?.click()}>
        <PaperclipIcon />
      </IconButton>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // The same file can be picked again after it was removed.
          e.target.value = '';
        }}
      />
    </>
  );
}
