import { createIdbBackend, createMemoryBackend } from '../chat/kv-backend';
import { createPersistence, type ChatPersistence, type StorageFailure } from '../chat/persistence';

/** Where the widget keeps its conversation: partitioned IndexedDB, or memory where blocked. */
export type EmbedStorageKind = 'indexeddb' | 'memory';

/** The widget's own database, so a first-party visit to the app never mixes in widget chats. */
const EMBED_DB_NAME = 'runnel-embed';

/**
 * The chat store's persistence for the widget: on first use it runs the storage probe (`storage`,
 * called once, so nothing touches storage during server rendering), then uses the chat
 * UI's own adapter over IndexedDB or memory. Choosing memory up front (rather than failing into it)
 * means a blocked third-party iframe logs no error and shows no storage warning: for a widget that
 * is an expected situation, not a failure. A later IndexedDB failure still falls back, via the
 * adapter, and tells `onFallback`.
 */
export function createEmbedPersistence(
  storage: () => Promise<EmbedStorageKind>,
  onFallback: (failure: StorageFailure) => void,
  dbName = EMBED_DB_NAME,
): ChatPersistence {
  let chosen: Promise<ChatPersistence> | undefined;
  const chosenPersistence = () =>
    (chosen ??= storage().then((kind) =>
      createPersistence(
        kind === 'indexeddb' ? createIdbBackend(dbName) : createMemoryBackend(),
        onFallback,
      ),
    ));
  return {
    load: async () => (await chosenPersistence()).load(),
    saveConversation: async (c) => (await chosenPersistence()).saveConversation(c),
    deleteConversation: async (id) => (await chosenPersistence()).deleteConversation(id),
    saveMeta: async (meta) => (await chosenPersistence()).saveMeta(meta),
    // No synchronous stash in the widget: its storage is only known after the asynchronous probe,
    // and a visitor's draft in a site's chat box is not worth a second store in a third-party frame.
    stashMeta: () => undefined,
  };
}
