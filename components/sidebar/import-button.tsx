'use client';

import { useRef, useState } from 'react';
import { onDemand } from '../ui/on-demand';
import { useChatStoreApi } from '../store/use-chat-store';
import { Button } from '../ui/text-button';
import { UploadIcon } from '../ui/chat-page-icons';

/** Reading and checking an imported file, loaded with the first import. */
const fileImport = onDemand(() => import('./import-file'));

/**
 * Imports a conversation exported as JSON. The reading code loads only when a file is picked (it
 * is not needed to chat); a file that is not an export is refused with the reason and changes
 * nothing.
 */
export function ImportButton({ onImported }: { onImported: () => void }) {
  const store = useChatStoreApi();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    const { importConversationFile } = await fileImport.load();
    const refused = await importConversationFile(store, file);
    setError(refused);
    if (!refused) onImported();
  };

  return (
    <div>
      <input
        ref={inputRef}
        type="file"
        accept="application/json,.json"
        aria-label="Conversation file to import"
        className="hidden"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void importFile(file);
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        className="w-full justify-start"
        icon={<UploadIcon />}
        onClick={() => inputRef.current?.click()}
      >
        Import conversation
      </Button>
      {error && (
        <p
          role="alert"
          className="mt-1 rounded-lg bg-red-50 px-2.5 py-2 text-xs text-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {error}
        </p>
      )}
    </div>
  );
}
