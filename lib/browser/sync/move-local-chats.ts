import type { Conversation } from '../chat/conversation';
import type { ChatPersistence } from '../chat/persistence';
import type { TabChannel } from '../chat/tab-channel';
import type { SyncApi } from './sync-api';

/** Conversations per import request. */
const BATCH = 25;

export interface MoveDeps {
  api: Pick<SyncApi, 'importAll'>;
  /** The unowned copy (open mode's, or from before sign-in kept copies per user). */
  unowned: ChatPersistence;
  /** The signed-in user's copy, written with a merge. */
  mine: ChatPersistence;
  channel: TabChannel | null;
  /** Sends a conversation the account already had (same id): merged, both sides kept. */
  sendMerged: (id: string) => void;
}

/**
 * Moves this browser's unowned conversations into the signed-in user's account: imported on the
 * server, copied into the user's local copy, then removed from the unowned one. Returns how many
 * moved; a batch the server does not take stays where it was.
 */
export async function moveLocalChats(
  conversations: Conversation[],
  deps: MoveDeps,
): Promise<number> {
  let moved = 0;
  for (let i = 0; i < conversations.length; i += BATCH) {
    const batch = conversations.slice(i, i + BATCH);
    const result = await deps.api.importAll(batch);
    if (!result) continue;
    for (const conversation of batch) {
      await deps.mine.saveConversation(conversation);
      deps.channel?.post({ type: 'saved', id: conversation.id });
      if (result.skipped.includes(conversation.id)) deps.sendMerged(conversation.id);
      await deps.unowned.deleteConversation(conversation.id);
      moved++;
    }
  }
  return moved;
}
