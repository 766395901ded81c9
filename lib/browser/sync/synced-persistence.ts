import type { ChatPersistence } from '../chat/persistence';

/** Where a signed-in page's saves and deletions are also sent (server-sync.ts). */
export interface SyncTarget {
  changed(id: string): void;
  deleted(id: string): Promise<void>;
}

/**
 * The store's persistence, which also tells the server sync of each save and deletion: the local
 * copy is written first (it renders at once and works offline), the server's follows.
 */
export function syncedPersistence(
  local: ChatPersistence,
  sync: () => SyncTarget | null,
): ChatPersistence {
  return {
    ...local,
    async saveConversation(conversation) {
      await local.saveConversation(conversation);
      sync()?.changed(conversation.id);
    },
    async deleteConversation(id) {
      await local.deleteConversation(id);
      void sync()?.deleted(id);
    },
  };
}
