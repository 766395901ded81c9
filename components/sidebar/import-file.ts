import { parseExportFile } from '@/lib/browser/chat/import-file';
import type { ChatStore } from '@/lib/browser/chat/chat-store';

/**
 * Reads a chosen file as exported conversations (one, or all of them) and opens the first.
 * Loaded when a file is first chosen, not with the page (docs/performance.md). Resolves to why
 * the file was refused, or null once it is imported; a refused file changes nothing.
 */
export async function importConversationFile(store: ChatStore, file: File): Promise<string | null> {
  const read = parseExportFile(await file.text());
  if (!read.ok) return `Could not import “${file.name}”. ${read.error}`;
  const ids: string[] = [];
  // Oldest first, so the sidebar keeps the file's order of recency.
  for (const conversation of [...read.conversations].reverse())
    ids.push(await store.getState().importConversation(conversation));
  const first = ids.at(-1);
  if (first) store.getState().selectConversation(first);
  return null;
}
