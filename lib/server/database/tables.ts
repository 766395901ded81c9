import 'server-only';

/**
 * The database's tables as Kysely sees them. Times are epoch milliseconds (`bigint` in
 * PostgreSQL, read back as numbers); flags are 0/1 integers, the same in both databases.
 */
export interface Tables {
  conversations: ConversationRow;
  conversation_docs: ConversationDocRow;
  answers: AnswerRow;
  shares: ShareRow;
  usage: UsageRow;
}

/** One conversation of one user. */
export interface ConversationRow {
  user_key: string;
  id: string;
  title: string;
  pinned: number;
  created_at: number;
  /** The browser's `updatedAt`: the list's order (most recent first). */
  updated_at: number;
  /** Counts the writes: a write based on an older revision is a conflict (409). */
  revision: number;
  /** When the server last changed the row (its own clock): what a sync asks for since. */
  changed_at: number;
  /** 1 for a deleted conversation: kept (without its messages) so other devices learn it. */
  deleted: number;
  /** Lower-cased title and message text, for search. */
  search: string;
}

/**
 * The conversation as the browser keeps it (JSON: messages, versions, attachments), in a table of
 * its own: the list and the search scan narrow rows, never a document's pages.
 */
export interface ConversationDocRow {
  user_key: string;
  id: string;
  doc: string;
}

/** An answer as the server saw it stream: written at its end and checkpointed while it streams. */
export interface AnswerRow {
  user_key: string;
  conversation_id: string;
  message_id: string;
  /** The model id the answer was asked of. */
  model: string;
  content: string;
  reasoning: string;
  /** `streaming` while checkpointed, then how it ended (the message statuses). */
  status: string;
  /** The final usage (JSON) or null. */
  usage: string | null;
  finish_reason: string | null;
  /** The stream error (JSON) or null. */
  error: string | null;
  /** The id of the last event the stored text includes: a reader reattaches after it. */
  last_seq: number;
  updated_at: number;
}

/** A read-only snapshot of a conversation at `/s/<token>`. */
export interface ShareRow {
  token: string;
  user_key: string;
  conversation_id: string;
  title: string;
  /** The shown messages (JSON: role, content, reasoning): nothing else is ever shown. */
  snapshot: string;
  created_at: number;
  revoked: number;
}

/** What one answer of a signed-in user used and cost (written when it ends, whatever the end). */
export interface UsageRow {
  request_id: string;
  user_key: string;
  /** The name the user was signed in under, for an administrator's table. */
  user_name: string;
  model: string;
  /** How the answer ended (`done`, `error`, `stopped`, …: the summary's outcome). */
  outcome: string;
  prompt_tokens: number;
  completion_tokens: number;
  /** At the configured prices; null when the model has none (never a guessed figure). */
  cost: number | null;
  currency: string | null;
  at: number;
}
