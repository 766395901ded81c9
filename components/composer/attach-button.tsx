'use client';

import { useRef } from 'react';
import { onDemand } from '../ui/on-demand';
import { IconButton } from '../ui/button';
import { PaperclipIcon } from '../ui/chat-page-icons';

// The file types (with every source-code extension) come with the classifier, which the page loads
// only when files are first wanted (docs/performance.md).
const loadClassify = onDemand(() => import('@/lib/browser/attachments/classify')).load;

/** "Attach files": opens the system's file picker (images and text files; several at once). */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const open = () =>
    void loadClassify().then(({ ACCEPT }) => {
      const input = inputRef.current;
      if (!input) return;
      input.accept = ACCEPT;
      // Still within the click's user activation: the module is preloaded on hover and focus.
      input.click();
    });
  return (
    <>
      <IconButton
        label="Attach files"
        size="sm"
        onClick={open}
        onPointerEnter={() => void loadClassify()}
        onFocus={() => void loadClassify()}
      >
        <PaperclipIcon />
      </IconButton>
      <input
        ref={inputRef}
        type="file"
        multiple
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
