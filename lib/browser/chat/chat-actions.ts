import type { Rating } from '../../protocol/feedback';
import type { Attachment } from '../attachments/attachment';
import type { ModelTraits } from './build-request';
import type { Conversation, ConversationSettings } from './conversation';
import type { AssistantMessage, UserMessage } from './message';

/** Everything the store does, besides its data. */
export interface ChatActions {
  /**
   * Loads the persisted state. An answer that was streaming when the page went away is reattached
   * to (it went on generating on the server); one that cannot be becomes `incomplete`.
   */
  hydrate(): Promise<void>;
  /** Opens the empty "new chat" screen; the conversation is created on first send. */
  startNewChat(): void;
  selectConversation(id: string): void;
  /**
   * Opens what the page's address names: a conversation id (`/c/<id>`, which may not be on this
   * device), or null for a new chat (`/`). From then on the stored choice is ignored.
   */
  openRoute(id: string | null): void;
  // Renaming, pinning, importing and switching versions are loaded with the first of them (the
  // page's first answer needs none): each resolves once done.
  renameConversation(id: string, title: string): Promise<void>;
  /**
   * Loads the code of those edits now (signed-in pages, while idle), so that made offline they
   * still apply: code loaded on demand cannot load without a network.
   */
  prepareEdits(): Promise<void>;
  /** The model's title after the first answer, unless the title changed since `from`. */
  nameByModel(id: string, title: string, from: string): Promise<void>;
  setPinned(id: string, pinned: boolean): Promise<void>;
  /** Thumbs up or down on an answer (`null` takes it back): kept, and counted per model. */
  rateAnswer(conversationId: string, messageId: string, rating: Rating | null): Promise<void>;
  deleteConversation(id: string): void;
  /** Adds a conversation read from an export file; returns its id (a new one if it is taken). */
  importConversation(conversation: Conversation): Promise<string>;
  /** Model for a conversation, or for the next new one when `id` is null. */
  setModel(id: string | null, model: string): void;
  /** Settings of a conversation, or of the next new one when `id` is null. */
  updateSettings(id: string | null, patch: Partial<ConversationSettings>): void;
  setDraft(key: string, text: string): void;
  /** Sends `text` (and attachments) in the active conversation (creating one), streams the answer. */
  send(text: string, model: ModelTraits, attachments?: readonly Attachment[]): void;
  /**
   * Stops the answer streaming in a conversation (in whichever tab runs it, and on the server);
   * it is kept as `stopped`.
   */
  stop(conversationId: string): void;
  /** A new version of an answer (Regenerate, Retry); the earlier one stays as a version. */
  regenerate(conversationId: string, messageId: string, model: ModelTraits): void;
  /** Extends an answer that ended at `length`, was cut off, or was stopped. */
  continueAnswer(conversationId: string, messageId: string, model: ModelTraits): void;
  /** A new version of a user message, answered anew; the earlier one stays with its turns. */
  editAndResend(conversationId: string, messageId: string, text: string, model: ModelTraits): void;
  /** Shows the previous (`-1`) or next (`1`) version of a message. */
  showVersion(conversationId: string, messageId: string, step: -1 | 1): Promise<void>;
  /**
   * Takes the answer chosen in a comparison into its conversation (a new one when
   * `conversationId` is null): the question and that answer shown, the others kept as versions.
   * Resolves with the conversation's id.
   */
  adoptComparison(
    conversationId: string | null,
    question: UserMessage,
    answers: readonly AssistantMessage[],
    chosenId: string,
  ): Promise<string>;
  dismissStorageNotice(): void;
  /** Writes every pending change now (the page is being hidden). */
  flushSaves(): void;
}
