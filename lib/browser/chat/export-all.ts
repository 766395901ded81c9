import type { Conversation } from './conversation';
import { conversationToMarkdown, withoutCapabilities } from './export';

/**
 * Every conversation as one JSON file: the same conversation objects as one conversation's export
 * (capabilities stripped: this file is shared just the same), under a format marker of their own.
 */
export function conversationsToJson(all: readonly Conversation[]): string {
  const conversations = all.map(withoutCapabilities);
  return `${JSON.stringify({ format: 'runnel.conversations', version: 1, conversations }, null, 2)}\n`;
}

/** Every conversation as one Markdown file, newest first, separated by rules. */
export function conversationsToMarkdown(conversations: readonly Conversation[]): string {
  return conversations.map(conversationToMarkdown).join('\n---\n\n');
}

/** The file name of an export of every conversation, with the day it was made. */
export function allExportFileName(extension: 'md' | 'json', now = new Date()): string {
  return `runnel-chats-${now.toISOString().slice(0, 10)}.${extension}`;
}
