import { parseConversationExport } from '@/lib/browser/chat/import-file';
import type { ChatStore } from '@/lib/browser/chat/chat-store';

/**
 * Reads a chosen file as an exported conversation and opens it. Loaded when a file is first
 * chosen, not with the page (docs/performance.md). Resolves to why the file was refused, or null
 * once it is imported; a refused file changes nothing.
 */
export async function importConversationFile(store: ChatStore, file: File): Promise<string | null> {
  const read = parseConversationExport(await file.text());
  if (!read.ok) return `Could not import “${file.name}”. ${read.error}`;
  const id = await store.getState().importConversation(read.conversation);
  store.getState().selectConversation(id);
  return null;
}
