'use client';

import { Activity, memo, useState } from 'react';
import { createStore } from 'zustand/vanilla';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import { initialChatState } from '@/lib/browser/chat/chat-state';
import { createConversation } from '@/lib/browser/chat/conversation';
import { createAssistantMessage } from '@/lib/browser/chat/message';
import { MessageList } from '../messages/message-list';
import { ChatStoreContext } from '../store/chat-store-provider';

/**
 * A conversation of one question and its answer's placeholder, in a store of its own: its state
 * only, no actions (nothing hidden can be clicked).
 */
function sampleStore(): ChatStore {
  const c = createConversation('w', null, 0);
  c.messages = [
    { id: 'q', role: 'user', content: 'Hi', createdAt: 0 },
    createAssistantMessage('a', '', 0),
  ];
  return createStore(() => ({
    ...initialChatState(),
    conversations: { w: c },
    running: { w: 'a' },
  })) as unknown as ChatStore;
}

/** Once per page: a later new-chat screen follows a conversation already shown. */
let warmed = false;

/** Tells its parent it was rendered: the hidden tree before it is then rendered too. */
function Rendered({ done }: { done: () => void }) {
  done();
  return null;
}

/**
 * The message list rendered once, hidden, at idle priority (a hidden `Activity`), while the new-chat
 * screen waits for the first question, then dropped: the first real conversation then mounts with
 * warm code (compiled, its modules evaluated) — about half its CPU at 4× (docs/performance.md,
 * "The first send"). Hidden, it is never seen, focused or read out; its store is its own and saves
 * nothing.
 */
export const ConversationWarmUp = memo(function ConversationWarmUp() {
  const [store] = useState(sampleStore);
  const [, setWarm] = useState(false);
  if (warmed) return null;
  return (
    <Activity mode="hidden">
      <ChatStoreContext.Provider value={store}>
        <MessageList conversationId="w" completion={false} />
      </ChatStoreContext.Provider>
      <Rendered
        done={() =>
          setTimeout(() => {
            warmed = true;
            setWarm(true);
          }, 0)
        }
      />
    </Activity>
  );
});
